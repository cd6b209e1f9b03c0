import { auditLogQuery } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok } from '../../platform/envelope.js';
import * as service from './audit.service.js';

/** The donor audit list (/auditlog): master admin every center, agency admin her own. */
export const auditRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/auditlog',
    {
      config: { access: { pages: ['auditlog'] } },
      schema: {
        summary: "Who read or changed donors' profiles, newest first, filtered by donor, user and days",
        querystring: auditLogQuery,
      },
    },
    async (request) => ok(await service.auditList(deps, requireAuth(request), request.query)),
  );
};
