import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app.js';
import { envelope } from '../../platform/envelope.js';

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
      try {
        await deps.db.execute(sql`select 1`);
        return {
          status: 'success' as const,
          message: '',
          data: { db: 'up' as const, version: deps.config.version },
        };
      } catch {
        return reply.code(503).send({
          status: 'error' as const,
          message: 'Database unavailable',
          data: { db: 'down' as const, version: deps.config.version },
        });
      }
    },
  );
};
