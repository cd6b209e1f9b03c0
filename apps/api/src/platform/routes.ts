import type { PageKey } from '@dm/shared';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Access, type Auth, requireAuth } from './auth-context.js';
import type { ModuleDeps } from './deps.js';
import { emptyEnvelope, envelope, ok } from './envelope.js';

/** The Fastify instance a module's routes plugin receives. */
export type RouteApp = Parameters<FastifyPluginAsyncZod<ModuleDeps>>[0];

/**
 * A route that is one service call for the signed-in caller, answered in the envelope. The
 * answer's schema (null: no data) checks what the call returns when the reply is serialized.
 */
interface CallRoute {
  access: Access;
  summary: string;
  answer: z.ZodType | null;
}

const responseOf = (answer: z.ZodType | null) => ({ 200: answer ? envelope(answer) : emptyEnvelope });

/** The call's result as the answer's data, or null when the route answers none. */
async function answerOf(answer: z.ZodType | null, result: Promise<unknown>): Promise<unknown> {
  const data = await result;
  return answer ? data : null;
}

/** GET url: the call with the caller (and the caller's address). */
export function getCall(
  app: RouteApp,
  url: string,
  route: CallRoute & { message?: string },
  call: (auth: Auth, ip: string) => Promise<unknown>,
): void {
  app.get(
    url,
    {
      config: { access: route.access },
      schema: { summary: route.summary, response: responseOf(route.answer) },
    },
    async (request) =>
      ok(await answerOf(route.answer, call(requireAuth(request), request.ip)), route.message),
  );
}

type BodyRoute<B extends z.ZodType> = CallRoute & {
  body: B;
  message?: string | ((body: z.output<B>) => string);
};

function bodyRoute<B extends z.ZodType>(
  app: RouteApp,
  url: string,
  route: BodyRoute<B>,
  call: (request: FastifyRequest, body: z.output<B>) => Promise<unknown>,
): void {
  app.post(
    url,
    {
      config: { access: route.access },
      schema: { summary: route.summary, body: route.body, response: responseOf(route.answer) },
    },
    async (request) => {
      const body = request.body as z.output<B>;
      const message = typeof route.message === 'function' ? route.message(body) : route.message;
      return ok(await answerOf(route.answer, call(request, body)), message);
    },
  );
}

/** POST url: the call with the caller, the parsed body and the caller's address. */
export function postCall<B extends z.ZodType>(
  app: RouteApp,
  url: string,
  route: BodyRoute<B>,
  call: (auth: Auth, body: z.output<B>, ip: string) => Promise<unknown>,
): void {
  bodyRoute(app, url, route, (request, body) => call(requireAuth(request), body, request.ip));
}

/** POST url open to anyone: the call with the parsed body and the caller's address. */
export function publicPost<B extends z.ZodType>(
  app: RouteApp,
  url: string,
  route: Omit<BodyRoute<B>, 'access'>,
  call: (body: z.output<B>, ip: string) => Promise<unknown>,
): void {
  bodyRoute(app, url, { ...route, access: { public: true } }, (request, body) => call(body, request.ip));
}

type BodyOf<B> = B extends z.ZodType ? z.output<B> : undefined;

/**
 * One row of a route table: url, OpenAPI summary, body schema (null: a GET without body), answer
 * schema (null: no data), message, and the service call `(deps, auth, body, ip)`.
 */
export type CallRow<D, B extends z.ZodType | null> = readonly [
  url: string,
  summary: string,
  body: B,
  answer: z.ZodType | null,
  message: string | ((body: BodyOf<B>) => string) | undefined,
  call: (deps: D, auth: Auth, body: BodyOf<B>, ip: string) => Promise<unknown>,
];

/**
 * Routes that are each one service call with the same access, one row per route: a table reads
 * (and reviews) better than a registration block per route. Each row's body type flows into its call.
 */
export function callRoutes<D, const B extends readonly (z.ZodType | null)[]>(
  app: RouteApp,
  deps: D,
  access: Access,
  rows: { readonly [K in keyof B]: CallRow<D, B[K]> },
): void {
  for (const [url, summary, body, answer, message, call] of rows as readonly CallRow<D, z.ZodType | null>[]) {
    if (body === null) {
      getCall(app, url, { access, summary, answer, message: message as string | undefined }, (auth, ip) =>
        call(deps, auth, undefined, ip),
      );
    } else {
      postCall(app, url, { access, summary, body, answer, message }, (auth, b, ip) =>
        call(deps, auth, b, ip),
      );
    }
  }
}

// --- any signed-in JSON route: params, query string and body, any method, a message from the answer

type Schema = z.ZodType | undefined;
type Input<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
type Answer<D extends z.ZodType | null> = D extends z.ZodType ? z.input<D> : unknown;

/** What a signed-in route's handler reads of the request, parsed by its schemas. */
export interface JsonRequest<P extends Schema, Q extends Schema, B extends Schema> {
  params: Input<P>;
  query: Input<Q>;
  body: Input<B>;
  ip: string;
}

/**
 * A signed-in JSON route's schemas and what it runs. The data `run` answers goes out in the
 * envelope, with `message`.
 */
export interface JsonRoute<P extends Schema, Q extends Schema, B extends Schema, D extends z.ZodType | null> {
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The schema of the answer's data; null when the answer carries none (data: null). */
  data: D;
  run(auth: Auth, request: JsonRequest<P, Q, B>): Promise<Answer<D>>;
  /** The envelope's message: fixed, or chosen by the answer. */
  message?: string | ((answer: Answer<D>) => string);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** 'POST /savesearchasportfolio': the method and the path of a route. */
export type Endpoint = `${Method} /${string}`;

/**
 * Registers one signed-in JSON route that the roles of `pages` may call. The routes of a module
 * differ only in these parts; the registration, the session check and the envelope are here once.
 */
export function jsonRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType | null = null,
>(app: RouteApp, endpoint: Endpoint, pages: readonly PageKey[], route: JsonRoute<P, Q, B, D>): void {
  const [method, url] = endpoint.split(' ') as [Method, string];
  const { params, querystring, body } = route;
  // Typed as the plain schema: `run` already checks the answer against the data's schema.
  const schema: FastifySchema = {
    summary: route.summary,
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body } : {}),
    response: { 200: route.data === null ? emptyEnvelope : envelope(route.data) },
  };
  app.route({
    method,
    url,
    config: { access: { pages } },
    schema,
    handler: async (request) => {
      const answer = await route.run(requireAuth(request), request as unknown as JsonRequest<P, Q, B>);
      const message = typeof route.message === 'function' ? route.message(answer) : route.message;
      return ok(route.data === null ? null : answer, message);
    },
  });
}
