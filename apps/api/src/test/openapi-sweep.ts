import { decidePage, type PageKey, ROLE, type RoleId } from '@dm/shared';
import { and, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { users } from '../db/schema/index.js';
import { resolveSession } from '../platform/auth-context.js';
import type { Db } from '../platform/db.js';
import type { TestApp } from './harness.js';

/**
 * The app's routes as its own OpenAPI document declares them, and sample requests built from
 * their JSON schemas: the base of the sweeps over every route (the input fuzz test and the
 * cross-center isolation test). A route the document cannot describe fails loudly here rather
 * than being skipped.
 */

/** A JSON schema as @fastify/swagger writes it from the zod schemas (no $ref in this app). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
}

export type RouteAccess = { public: true } | { signedIn: true } | { pages: PageKey[] };

export interface SweepParam {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface SweepRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The document's path, e.g. /api/getdonordetails/{id}/{usertype}? */
  path: string;
  access: RouteAccess;
  params: SweepParam[];
  query: SweepParam[];
  body: JsonSchema | null;
  /** Declared as multipart/form-data or raw bytes in its summary (no JSON body). */
  upload: boolean;
  summary: string;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/**
 * Routes whose body is not JSON: multipart uploads and raw video chunks. The document cannot
 * say so (their schemas have no body), so they are named here; listRoutes fails when one of
 * them is gone, so the list cannot go stale silently.
 */
export const UPLOAD_ROUTES = [
  'POST /api/uploaddonorpic/{id}',
  'POST /api/uploadprofilepic/{id}/1/{role}',
  'POST /api/uploadprofilepic/{userId}/0/{userTypeId}',
  'POST /api/updatedonorpic/{id}',
  'POST /api/uploaddonordocument/{id}',
  'POST /api/uploadcoviddocument/{id}',
  'POST /api/uploadadditionaldoc',
  'PUT /api/uploaddonorvideo/{id}/{uploadId}/{index}',
];

/** Reads `config.access` back from the description the app's onRoute hook writes. */
export function accessOf(description: string | undefined): RouteAccess {
  const match = /Access: ([^.]*)\./.exec(description ?? '');
  if (!match) throw new Error(`No access in the description: ${description}`);
  const text = match[1]!;
  if (text === 'public') return { public: true };
  if (text === 'any signed-in user') return { signedIn: true };
  if (text.startsWith('pages: ')) return { pages: text.slice('pages: '.length).split(', ') as PageKey[] };
  throw new Error(`Unknown access "${text}"`);
}

/** Every operation of the app's OpenAPI document under /api, in document order. */
export function listRoutes(app: FastifyInstance): SweepRoute[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: SweepRoute[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const pick = (where: string) =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
      const content = op.requestBody?.content ?? {};
      const summary = op.summary ?? '';
      routes.push({
        method: method.toUpperCase() as SweepRoute['method'],
        path,
        access: accessOf(op.description),
        params: pick('path'),
        query: pick('query'),
        body: content['application/json']?.schema ?? null,
        upload: UPLOAD_ROUTES.includes(`${method.toUpperCase()} ${path}`),
        summary,
      });
    }
  }
  const missing = UPLOAD_ROUTES.filter((name) => !routes.some((r) => routeName(r) === name));
  if (missing.length) throw new Error(`Upload routes not in the document: ${missing.join(', ')}`);
  return routes;
}

export const routeName = (route: SweepRoute) => `${route.method} ${route.path}`;

/**
 * The accounts a sweep calls routes as, in the order it tries them on a route: center 1's
 * account of each role, then the consumer center's (111) admin, case manager and Pre-Active
 * parent for the pages only a center that sells memberships and coaching has.
 */
export const SWEEP_CALLERS: [RoleId, string][] = [
  [ROLE.ADMIN, 'admin@demo.test'],
  [ROLE.MANAGER, 'manager@demo.test'],
  [ROLE.CLIENT, 'parent@demo.test'],
  [ROLE.DONOR, 'donor@demo.test'],
  [ROLE.MASTER, 'master@demo.test'],
  [ROLE.ADMIN, 'admin111@demo.test'],
  [ROLE.MANAGER, 'manager111@demo.test'],
  [ROLE.CLIENT, 'parent111@demo.test'],
];

/**
 * Who calls a route in a sweep: the username of the first of SWEEP_CALLERS who may open one of
 * its pages (the first for any signed-in user), or null: anonymous for a public route, and for
 * a route none of them may open (its answer is then a 401).
 */
export async function sweepCallers(t: TestApp): Promise<(route: SweepRoute) => string | null> {
  const subjects = new Map<string, Awaited<ReturnType<typeof resolveSession>>['subject']>();
  for (const [, username] of SWEEP_CALLERS) {
    subjects.set(username, (await resolveSession(t.db, t.clock, await t.tokenFor(username))).subject);
  }
  return (route) => {
    if ('public' in route.access) return null;
    if ('signedIn' in route.access) return SWEEP_CALLERS[0]![1];
    const pages = route.access.pages;
    const found = SWEEP_CALLERS.find(([, username]) =>
      pages.some((page) => decidePage(subjects.get(username)!, page).allowed),
    );
    return found ? found[1] : null;
  };
}

/**
 * Field names that hold the id of a stored object (a user, donor, portfolio, note, ...): ids,
 * a row's name alone or in the plural (a list of them), and the person a thing is shared with.
 */
export function isIdName(name: string): boolean {
  return (
    /^(id|ids)$|Id$|_id$|Ids$/i.test(name) ||
    /^(center|donor|user|client|manager|portfolio)s?$/i.test(name) ||
    /^(shared_?(to|by)|another_user|ip_center|(center|donor)_details)$/i.test(name)
  );
}

export interface SampleContext {
  /** The value for an id-like field (by its name), or undefined for the default 1. */
  idFor?(name: string): number | undefined;
}

function firstOf(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    return (
      options.find((o) => o.type !== 'null' && !(o.enum?.length === 1 && o.enum[0] === null)) ?? options[0]!
    );
  }
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf);
  return schema;
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** A value valid for the schema (as far as the schema can say), ids from the context. */
export function sampleOf(schema: JsonSchema, name: string, ctx: SampleContext = {}, depth = 0): unknown {
  const s = firstOf(schema);
  if (s.enum?.length) return s.default !== undefined ? s.default : s.enum[0];
  const type = typeOf(s);
  if (type === 'integer' || type === 'number') {
    if (isIdName(name)) return ctx.idFor?.(name) ?? 1;
    if (typeof s.default === 'number') return s.default;
    const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
    return typeof s.maximum === 'number' ? Math.min(Math.max(min, 1), s.maximum) : Math.max(min, 1);
  }
  if (type === 'boolean') return typeof s.default === 'boolean' ? s.default : false;
  if (type === 'string') {
    if (typeof s.default === 'string' && s.default !== '') return s.default;
    if (isIdName(name) && !s.format) {
      const id = ctx.idFor?.(name);
      if (id !== undefined) return String(id);
    }
    if (s.format === 'email' || /mail|username/i.test(name)) return 'sample@example.test';
    if (s.format === 'date' || /date|dob/i.test(name)) return '2000-01-31';
    if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
    if (/zip/i.test(name)) return '10001';
    const text = 'Sample';
    return typeof s.maxLength === 'number' ? text.slice(0, Math.max(s.maxLength, 1)) : text;
  }
  if (type === 'array') {
    if (depth > 6 || !s.items) return [];
    const item = sampleOf(s.items, name.replace(/s$/, ''), ctx, depth + 1);
    return s.minItems && s.minItems > 1 ? Array.from({ length: s.minItems }, () => item) : [item];
  }
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      if (depth > 6) break;
      out[key] = sampleOf(child, key, ctx, depth + 1);
    }
    return out;
  }
  if (s.default !== undefined) return s.default;
  return 'Sample';
}

export type FieldPath = (string | number)[];
export type Part = 'params' | 'query' | 'body';

export interface FieldRef {
  part: Part;
  path: FieldPath;
  name: string;
  schema: JsonSchema;
}

/** Every leaf field of a route (params, query, body, nested objects and first array items). */
export function fieldsOf(route: SweepRoute): FieldRef[] {
  const out: FieldRef[] = [];
  for (const p of route.params) out.push({ part: 'params', path: [p.name], name: p.name, schema: p.schema });
  for (const p of route.query) out.push({ part: 'query', path: [p.name], name: p.name, schema: p.schema });
  const walk = (schema: JsonSchema, path: FieldPath, depth: number) => {
    const s = firstOf(schema);
    const type = typeOf(s);
    const name = String([...path].reverse().find((p) => typeof p === 'string') ?? 'body');
    if (depth > 5) return;
    if (type === 'object' || s.properties) {
      const entries = Object.entries(s.properties ?? {});
      // A free-form object (e.g. the donor form's formData) gets one made-up text field.
      if (!entries.length)
        out.push({ part: 'body', path: [...path, 'field'], name: 'field', schema: { type: 'string' } });
      for (const [key, child] of entries) walk(child, [...path, key], depth + 1);
      return;
    }
    if (type === 'array' && s.items) {
      walk(s.items, [...path, 0], depth + 1);
      return;
    }
    out.push({ part: 'body', path, name, schema: s });
  };
  if (route.body) walk(route.body, [], 0);
  return out;
}

export const isStringField = (field: FieldRef) => {
  const s = firstOf(field.schema);
  return typeOf(s) === 'string' || (s.type === undefined && !s.properties && !s.items);
};

export interface SampleRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** A request with a valid-looking value in every declared field. */
export function sampleRequest(route: SweepRoute, ctx: SampleContext = {}): SampleRequest {
  const params: Record<string, unknown> = {};
  for (const p of route.params) params[p.name] = sampleOf(p.schema, p.name, ctx);
  const query: Record<string, unknown> = {};
  for (const p of route.query) query[p.name] = sampleOf(p.schema, p.name, ctx);
  return { params, query, body: route.body ? sampleOf(route.body, 'body', ctx) : undefined };
}

/** A copy of the sample with one field replaced (the body created on the way if needed). */
export function withField(sample: SampleRequest, field: FieldRef, value: unknown): SampleRequest {
  const copy: SampleRequest = structuredClone(sample);
  if (field.part !== 'body') {
    copy[field.part][field.name] = value;
    return copy;
  }
  if (field.path.length === 0) return { ...copy, body: value };
  if (copy.body === undefined || copy.body === null || typeof copy.body !== 'object') copy.body = {};
  let node = copy.body as Record<string | number, unknown>;
  for (const key of field.path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[field.path.at(-1)!] = value;
  return copy;
}

/**
 * Percent-encodes text for a URL; a lone surrogate has no UTF-8 form, so it is sent as the
 * bytes a careless client would send for it (ED A0 80).
 */
function encodeText(text: string): string {
  if (!/[\uD800-\uDFFF]/.test(text)) return encodeURIComponent(text);
  return [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      return ch.length === 1 && code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch);
    })
    .join('');
}

const encodeQueryValue = (key: string, value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap((v) => encodeQueryValue(key, v));
  if (value === undefined) return [];
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return [`${encodeURIComponent(key)}=${encodeText(text)}`];
};

/** The inject() options of a sample request (a JSON body except for GET). */
export function toInject(route: SweepRoute, sample: SampleRequest): InjectOptions {
  let url = route.path.replace(/\{(\w+)\}\??/g, (_m, name: string) => {
    const value = sample.params[name];
    const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? '');
    return encodeText(text);
  });
  const qs = Object.entries(sample.query).flatMap(([k, v]) => encodeQueryValue(k, v));
  if (qs.length) url += `?${qs.join('&')}`;
  const options: InjectOptions = { method: route.method, url };
  if (route.method !== 'GET' && sample.body !== undefined) {
    options.payload = JSON.stringify(sample.body);
    options.headers = { 'content-type': 'application/json' };
  }
  return options;
}

/** Short text for a failure message (a 1 MB string is not printed whole). */
export function describePayload(value: unknown): string {
  const text = JSON.stringify(value, (_k, v) =>
    typeof v === 'string' && v.length > 60 ? `<string of ${v.length} characters>` : v,
  );
  return text && text.length > 300 ? `${text.slice(0, 300)}…` : String(text);
}

/** Routes may archive, switch or lock the calling accounts: a sweep sets them Active again. */
export async function reactivate(db: Db, callers: [unknown, string][]): Promise<void> {
  // Only the rows a route changed: rewriting an active account fires its triggers for nothing.
  await db
    .update(users)
    .set({ status: 'Active' })
    .where(
      and(
        inArray(
          users.username,
          callers.map(([, u]) => u),
        ),
        ne(users.status, 'Active'),
      ),
    );
}
