import { describeIssue, MSG } from '@dm/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeDatabaseUnavailable, isDatabaseUnavailable } from './db-errors.js';
import { AppError } from './errors.js';
import { errorSummary } from './log-safe.js';

/** The response schema of the envelope around a route's data, for validation and OpenAPI. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.enum(['success', 'error']), message: z.string(), data });
}

export const emptyEnvelope = envelope(z.null());

export function ok<T>(data: T, message = ''): { status: 'success'; message: string; data: T } {
  return { status: 'success', message, data };
}

/** Turns every failure into the envelope; 5xx details are logged, never sent. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      status: 'error',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      data: null,
    });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ status: 'error', message: error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        return { field: path.join('.'), message: describeIssue(v.message ?? 'is invalid.', path) };
      });
      return reply
        .code(400)
        .send({ status: 'error', message: fields[0]?.message ?? 'Invalid input.', data: { fields } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ status: 'error', message: error.message, data: null });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or dropped the connection: worth a retry, not a bug. No statement logged.
      request.log.warn({ database: describeDatabaseUnavailable(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'error', message: MSG.SERVICE_UNAVAILABLE, data: null });
    }
    // Never `err: error`: a database error carries the query's parameters (a donor's answers).
    request.log.error(
      { error: errorSummary(error), route: `${request.method} ${request.routeOptions.url ?? '(unknown)'}` },
      'request failed',
    );
    return reply.code(500).send({ status: 'error', message: 'Something went wrong!', data: null });
  });
}
