import type { EndpointContract, HandlerAnswer, PageKey, ParsedRequest } from '@dm/shared';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Access, type Auth, requireAuth } from './auth-context.js';
import type { ModuleDeps } from './deps.js';
import { emptyEnvelope, envelope, ok } from './envelope.js';

/** The Fastify instance a module's routes plugin receives. */
export type RouteApp = Parameters<FastifyPluginAsyncZod<ModuleDeps>>[0];

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
  access: readonly PageKey[] | Exclude<Access, { public: true }>,
  rows: { readonly [K in keyof B]: CallRow<D, B[K]> },
): void {
  for (const [url, summary, body, answer, message, call] of rows as readonly CallRow<D, z.ZodType | null>[]) {
    jsonRoute(app, `${body === null ? 'GET' : 'POST'} ${url}` as Endpoint, access, {
      summary,
      body: body ?? undefined,
      data: answer,
      run: (auth, request) => call(deps, auth, request.body, request.ip),
      message: typeof message === 'function' ? (_answer, request) => message(request.body) : message,
    });
  }
}

// --- a route from its contract (packages/shared/src/contracts): the one way for a new route

/** What a contract's route runs: the caller and the parsed request in, the answer's data out. */
export interface ContractHandler<C extends EndpointContract> {
  run: C['access'] extends { public: true }
    ? (request: ParsedRequest<C>) => Promise<HandlerAnswer<C>>
    : (auth: Auth, request: ParsedRequest<C>) => Promise<HandlerAnswer<C>>;
  /** The envelope's message: fixed, or chosen by the answer (or the request). */
  message?: string | ((answer: HandlerAnswer<C>, request: ParsedRequest<C>) => string);
}

/**
 * Registers the route a contract declares: its method and path, access, schemas (validation,
 * serialization and the OpenAPI document all come from them) and the envelope around `run`'s
 * answer. The web calls the same contract (`call` in apps/web/src/lib/api.ts).
 */
export function route<C extends EndpointContract>(
  app: RouteApp,
  contract: C,
  handler: ContractHandler<C>,
): void {
  const run = handler.run as (...args: unknown[]) => Promise<unknown>;
  const isPublic = 'public' in contract.access;
  register(
    app,
    `${contract.method} ${contract.path}`,
    contract.access,
    {
      summary: contract.summary,
      params: contract.params,
      querystring: contract.query,
      body: contract.body,
      data: contract.data,
      message: handler.message as JsonRoute<Schema, Schema, Schema, z.ZodType | null>['message'],
    },
    (request) => (isPublic ? run(request) : run(requireAuth(request), request)),
  );
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
  /** The envelope's message: fixed, or chosen by the answer (or the request). */
  message?: string | ((answer: Answer<D>, request: JsonRequest<P, Q, B>) => string);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** 'POST /savesearchasportfolio': the method and the path of a route. */
export type Endpoint = `${Method} /${string}`;

/**
 * Registers one JSON route: the one way a module declares a route that answers the envelope. The
 * routes of a module differ only in these parts; the registration, the session check and the
 * envelope are here once. `access` is the pages whose roles may call it (or any other Access).
 */
export function jsonRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType | null = null,
>(
  app: RouteApp,
  endpoint: Endpoint,
  access: readonly PageKey[] | Exclude<Access, { public: true }>,
  route: JsonRoute<P, Q, B, D>,
): void {
  register(app, endpoint, 'length' in access ? { pages: access } : access, route, (request) =>
    route.run(requireAuth(request), request as unknown as JsonRequest<P, Q, B>),
  );
}

/** A JSON route open to anyone (sign-up, invitations): `run` gets the parsed request, no caller. */
export function publicRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType | null = null,
>(
  app: RouteApp,
  endpoint: Endpoint,
  route: Omit<JsonRoute<P, Q, B, D>, 'run'> & PublicRun<P, Q, B, D>,
): void {
  register(app, endpoint, { public: true }, route, (request) =>
    route.run(request as unknown as JsonRequest<P, Q, B>),
  );
}

interface PublicRun<P extends Schema, Q extends Schema, B extends Schema, D extends z.ZodType | null> {
  run(request: JsonRequest<P, Q, B>): Promise<Answer<D>>;
}

function register<P extends Schema, Q extends Schema, B extends Schema, D extends z.ZodType | null>(
  app: RouteApp,
  endpoint: Endpoint,
  access: Access,
  route: Omit<JsonRoute<P, Q, B, D>, 'run'>,
  run: (request: FastifyRequest) => Promise<Answer<D>>,
): void {
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
    config: { access },
    schema,
    handler: async (request) => {
      const answer = await run(request);
      const message =
        typeof route.message === 'function'
          ? route.message(answer, request as unknown as JsonRequest<P, Q, B>)
          : route.message;
      return ok(route.data === null ? null : answer, message);
    },
  });
}
