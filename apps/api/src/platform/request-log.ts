import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { errorSummary } from './log-safe.js';

/** The request id header: read from a proxy in front (to follow one request through both logs), always answered. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is used only when it is a short plain token: anything else could forge or flood log lines. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: the proxy's id when safe, else a random UUID. Fastify puts it on every log line of the request (reqId). */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every answer carries its request's id, so a user's report or a proxy log leads to the server's lines. */
export function installRequestIdHeader(app: FastifyInstance): void {
  // Synchronous (done): an async hook costs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * The request as logged: the path without its query string, whose values (a searched name, a
 * donor id, an e-mail) must not reach the log, like a database error's parameters.
 */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    route: request.routeOptions?.url,
    remoteAddress: request.ip,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route whose successful answers are not logged: the liveness probe, which a load balancer
     * or monitor asks every few seconds (an answer of 400 or more is still logged).
     */
    quietWhenOk?: true;
  }
}

/**
 * One log line per request, written when it is answered: method, path, route, address, status and
 * time (issue 19). Fastify's default writes two (`incoming request` and `request completed`), and
 * at info level the second write per request cost a tenth of the CPU of a cheap request.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      // The reply failed while being sent (a stream's error): a summary, never the error itself.
      reply.log.error(
        { req: request, res: reply, error: errorSummary(error), responseTime: reply.elapsedTime },
        'request errored',
      );
    } else if (!(reply.statusCode < 400 && request.routeOptions.config?.quietWhenOk)) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
