import { siteTourContract as api } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './site-tour.service.js';

/** The site tour's state: the consumer center's clients (the /site-tour page's rule). */
export const siteTourRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.status, { run: (auth) => service.siteTourState(deps, auth) });
  route(app, api.seen, { run: (auth, { body }) => service.markSiteTourSeen(deps, auth, body) });
};
