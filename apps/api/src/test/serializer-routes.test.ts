import fastJsonStringify from 'fast-json-stringify';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerModules } from '../modules/index.js';
import type { ModuleDeps } from '../platform/deps.js';
import { answerJsonSchema, compiledSerializerCompiler } from '../platform/serializer.js';

// Every route's answer schema is compiled by fast-json-stringify (platform/serializer.ts), not
// left to the slower zod serializer: a new answer schema JSON Schema cannot express fails here,
// so the fallback is a choice, not an accident.

/** Routes whose answers knowingly keep the zod serializer (none today). */
const ZOD_SERIALIZED: string[] = [];

describe('answer serializers', () => {
  it('every JSON route answer compiles to fast-json-stringify', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(compiledSerializerCompiler);
    const answers: { route: string; schema: z.ZodType }[] = [];
    app.addHook('onRoute', (route) => {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(response))
        if (schema instanceof z.ZodType)
          answers.push({ route: `${route.method} ${route.url} ${status}`, schema });
    });
    // Registering routes reads nothing of the dependencies but the configuration.
    const deps = { config: { version: 'test', dataDir: '/nonexistent' } } as unknown as ModuleDeps;
    await app.register(async (api) => registerModules(api, deps), { prefix: '/api' });
    await app.ready();
    await app.close();
    expect(answers.length).toBeGreaterThan(100);
    const fallback = answers
      .filter(({ schema }) => {
        const json = answerJsonSchema(schema);
        if (!json) return true;
        try {
          fastJsonStringify(json);
          return false;
        } catch {
          return true;
        }
      })
      .map((a) => a.route);
    expect(fallback).toEqual(ZOD_SERIALIZED);
  });
});
