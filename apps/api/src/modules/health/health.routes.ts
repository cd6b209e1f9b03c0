import { HEALTH_STATE, healthCredentials } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import * as service from './health.service.js';

const healthData = z.object({ db: z.enum(['up', 'down']), version: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/health',
    {
      config: { access: { public: true } },
      schema: {
        summary: 'Liveness and database check',
        response: { 200: envelope(healthData), 503: envelope(healthData) },
      },
    },
    async (_request, reply) => {
      if ((await service.database(deps)).state === HEALTH_STATE.CONNECTED) {
        return {
          status: 'success' as const,
          message: '',
          data: { db: 'up' as const, version: deps.config.version },
        };
      }
      return reply.code(503).send({
        status: 'error' as const,
        message: 'Database unavailable',
        data: { db: 'down' as const, version: deps.config.version },
      });
    },
  );

  // The health-check page (/healthcheck) has its own login from the configuration
  // (HEALTHCHECK_USER, HEALTHCHECK_PASSWORD), apart from user accounts; every check carries it.
  const PUBLIC = { access: { public: true as const } };
  app.post(
    '/healthcheckauthenticate',
    {
      config: PUBLIC,
      schema: {
        summary: 'The health check login (throttled per address)',
        body: healthCredentials,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.authenticate(deps, request.body, request.ip);
      return ok(null);
    },
  );
  app.post(
    '/checkdatabase',
    {
      config: PUBLIC,
      schema: {
        summary: "Health check: the database answers (the spec's checkmysql)",
        body: healthCredentials,
        response: {
          200: envelope(
            z.object({
              state: z.enum([HEALTH_STATE.CONNECTED, HEALTH_STATE.NOT_CONNECTED]),
              latencyMs: z.number().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      service.assertAllowed(deps, request.body);
      return ok(await service.database(deps));
    },
  );
  app.post(
    '/checkspace',
    {
      config: PUBLIC,
      schema: {
        summary: 'Health check: free space where the data directory lives',
        body: healthCredentials,
        response: {
          200: envelope(
            z.object({
              state: z.enum([HEALTH_STATE.CALCULATED, HEALTH_STATE.NOT_CALCULATED]),
              freeBytes: z.number().nullable(),
              totalBytes: z.number().nullable(),
              usedPercent: z.number().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      service.assertAllowed(deps, request.body);
      return ok(await service.disk(deps));
    },
  );
  app.post(
    '/checkjobs',
    {
      config: PUBLIC,
      schema: {
        summary: "Health check: the background job runner (in place of the spec's checkmongo)",
        body: healthCredentials,
        response: {
          200: envelope(
            z.object({
              state: z.enum([HEALTH_STATE.RUNNING, HEALTH_STATE.NOT_RUNNING]),
              jobs: z.array(
                z.object({
                  job: z.string(),
                  lastRunAt: z.string(),
                  lastOkAt: z.string().nullable(),
                  lastFailedAt: z.string().nullable(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      service.assertAllowed(deps, request.body);
      return ok(await service.jobs(deps));
    },
  );
};
