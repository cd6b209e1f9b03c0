import { healthContract as api, HEALTH_STATE } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope } from '../../platform/envelope.js';
import { route } from '../../platform/routes.js';
import * as service from './health.service.js';

const healthData = z.object({ db: z.enum(['up', 'down']), version: z.string() });
const readyData = z.object({ db: z.enum(['up', 'down']), waitingFor: z.array(z.string()) });

export const healthRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const databaseHealth = service.sharedDatabaseProbe(deps);
  // Plain: it answers 503 when the database is down, which the envelope helpers do not set.
  app.get(
    '/health',
    {
      // A monitor asks every few seconds: only a failing answer (503) reaches the request log.
      config: { access: { public: true }, quietWhenOk: true },
      schema: {
        summary: 'Liveness and database check',
        response: { 200: envelope(healthData), 503: envelope(healthData) },
      },
    },
    async (_request, reply) => {
      if ((await databaseHealth()).state === HEALTH_STATE.CONNECTED) {
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

  // Liveness for a process supervisor: the process runs and its event loop turns. Nothing else is
  // checked, so a database outage never gets every process restarted at once.
  app.get(
    '/health/live',
    {
      config: { access: { public: true }, quietWhenOk: true },
      schema: { summary: 'Liveness: the process runs', response: { 200: envelope(z.null()) } },
    },
    async () => ({ status: 'success' as const, message: '', data: null }),
  );

  // Readiness for a load balancer: 503 until main.ts has migrated and loaded the donor search
  // index, whenever the database does not answer, and from the moment a shutdown begins (the
  // balancer sends new requests elsewhere while this process drains).
  app.get(
    '/health/ready',
    {
      config: { access: { public: true }, quietWhenOk: true },
      schema: {
        summary: 'Readiness: started, database answering, not shutting down',
        response: { 200: envelope(readyData), 503: envelope(readyData) },
      },
    },
    async (_request, reply) => {
      const waitingFor = deps.readiness.waitingFor();
      const db =
        (await databaseHealth()).state === HEALTH_STATE.CONNECTED ? ('up' as const) : ('down' as const);
      if (db === 'down') waitingFor.push('database');
      if (waitingFor.length === 0)
        return { status: 'success' as const, message: '', data: { db, waitingFor } };
      return reply
        .code(503)
        .send({ status: 'error' as const, message: 'Not ready', data: { db, waitingFor } });
    },
  );

  // The health-check page (/healthcheck) has its own login from the configuration
  // (HEALTHCHECK_USER, HEALTHCHECK_PASSWORD), apart from user accounts; every check carries it.
  route(app, api.authenticate, {
    run: async ({ body, ip }) => {
      await service.authenticate(deps, body, ip);
      return null;
    },
  });
  route(app, api.database, {
    run: async ({ body }) => {
      service.assertAllowed(deps, body);
      return service.database(deps);
    },
  });
  route(app, api.space, {
    run: async ({ body }) => {
      service.assertAllowed(deps, body);
      return service.disk(deps);
    },
  });
  route(app, api.jobs, {
    run: async ({ body }) => {
      service.assertAllowed(deps, body);
      return service.jobs(deps);
    },
  });
};
