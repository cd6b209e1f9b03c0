import type { FastifyRequest } from 'fastify';
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

/** GET url: the call with the caller. */
export function getCall(
  app: RouteApp,
  url: string,
  route: CallRoute & { message?: string },
  call: (auth: Auth) => Promise<unknown>,
): void {
  app.get(
    url,
    {
      config: { access: route.access },
      schema: { summary: route.summary, response: responseOf(route.answer) },
    },
    async (request) => ok(await answerOf(route.answer, call(requireAuth(request))), route.message),
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
