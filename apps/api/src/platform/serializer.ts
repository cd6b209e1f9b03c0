import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// The answer serializer: each route's zod answer schema becomes a JSON schema
// (z.toJSONSchema) and fast-json-stringify compiles it into a function that writes exactly the
// declared properties. The zod serializer it replaces validated every answer with zod and then
// ran JSON.stringify: about as much CPU as the rest of a search request for its 16 KB of cards.
//
// The guarantee stays: only declared fields leave the server. fast-json-stringify writes an
// object's declared properties only (an undeclared one is dropped, never copied), and a missing
// required property fails the answer (500), as zod's check did. What it does not do is zod's full
// check of values (a number where a string is declared is written as a string, an enum is not
// checked): the types of the services already guarantee those. A schema z.toJSONSchema cannot
// express (dates, transforms, custom checks) keeps the zod serializer, as does any schema that
// fast-json-stringify refuses.

type JsonSchema = Record<string, unknown>;

const isNull = (s: unknown) =>
  typeof s === 'object' && s !== null && Object.keys(s).length === 1 && (s as JsonSchema).type === 'null';

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X's type, 'null']` where X is a plain
 * primitive: fast-json-stringify then writes it directly instead of trying each branch (which it
 * does with a validator, per value). Other schemas are left as they are.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNull)) {
    const other = anyOf.find((s) => !isNull(s)) as JsonSchema | undefined;
    if (
      other &&
      typeof other.type === 'string' &&
      ['string', 'number', 'integer', 'boolean'].includes(other.type) &&
      Object.keys(other).every((k) => ['type', 'enum', 'format', 'description'].includes(k))
    ) {
      const { anyOf: _drop, ...rest } = out;
      const { enum: values, ...plain } = other;
      return {
        ...rest,
        ...plain,
        type: [other.type, 'null'],
        ...(Array.isArray(values) ? { enum: [...values, null] } : {}),
      };
    }
  }
  return out;
}

/** The JSON schema fast-json-stringify compiles for a zod answer schema (null: zod keeps it). */
export function answerJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    // io 'input': the serializer writes what zod's encode would answer (the schema's input
    // side); it also leaves additionalProperties unset, so a loose object stays loose and a
    // plain one drops what it does not declare (fast-json-stringify's default).
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'throw' });
    delete json.$schema;
    return simplify(json) as JsonSchema;
  } catch {
    return null;
  }
}

type Serializer = (data: unknown) => string;

/**
 * Fastify's serializer compiler for the app: fast-json-stringify from the zod schema, built when
 * the route first answers (so starting the app does not compile every route's), the zod
 * serializer where the schema cannot be expressed. Schemas that are not zod (none today) go to
 * the zod serializer too, which rejects them as before.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route as never);
  let serialize: Serializer | null = null;
  return (data: unknown) => {
    serialize ??= build(schema, route as never);
    return serialize(data);
  };
};

function build(schema: z.ZodType, route: Parameters<typeof zodSerializerCompiler>[0]): Serializer {
  const json = answerJsonSchema(schema);
  if (json) {
    try {
      return fastJsonStringify(json) as Serializer;
    } catch {
      // a construct fast-json-stringify does not support: zod's serializer below
    }
  }
  return zodSerializerCompiler(route) as Serializer;
}
