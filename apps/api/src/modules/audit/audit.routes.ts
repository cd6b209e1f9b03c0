import { auditContract as api } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './audit.service.js';

/** The donor audit list (/auditlog): master admin every center, agency admin her own. */
export const auditRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.list, { run: (auth, { query }) => service.auditList(deps, auth, query) });
};
