import { cronContract as api } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './cron.service.js';

/** Scheduled jobs and their runs: the master admin sees every center, an agency admin her own. */
export const cronRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.counts, { run: (auth, { params }) => service.counts(deps, auth, params.center) });
  route(app, api.centers, { run: (auth, { params }) => service.centerList(deps, auth, params.status) });
  route(app, api.jobs, { run: (auth, { params }) => service.jobList(deps, auth, params.status) });
  route(app, api.runs, { run: (auth, { body }) => service.runList(deps, auth, body) });
};
