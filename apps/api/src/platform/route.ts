import type { PageKey } from '@dm/shared';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Auth, requireAuth } from './auth-context.js';
import { emptyEnvelope, envelope, ok } from './envelope.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
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
>(app: ZodApp, endpoint: Endpoint, pages: readonly PageKey[], route: JsonRoute<P, Q, B, D>): void {
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
