import { auditLogQuery } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as service from './audit.service.js';

/** The donor audit list (/auditlog): master admin every center, agency admin her own. */
export const auditRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /auditlog', ['auditlog'], {
    summary: "Who read or changed donors' profiles, newest first, filtered by donor, user and days",
    querystring: auditLogQuery,
    // No answer schema was ever declared: unknown sends the page as the service builds it.
    data: z.unknown(),
    run: (auth, { query }) => service.auditList(deps, auth, query),
  });
};
