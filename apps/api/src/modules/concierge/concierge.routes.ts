import { conciergeContract as api, MSG_CONCIERGE } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './concierge.service.js';

/** The concierge membership upgrade (decision 025): the client asks, staff handle the request. */
export const conciergeRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.state, { run: (auth) => service.conciergeState(deps, auth) });
  route(app, api.request, {
    run: (auth, { body }) => service.requestConcierge(deps, auth, body),
    message: MSG_CONCIERGE.REQUESTED,
  });
  route(app, api.requests, { run: (auth) => service.conciergeRequests(deps, auth) });
  route(app, api.handle, {
    run: (auth, { body }) => service.handleConciergeRequest(deps, auth, body),
    message: MSG_CONCIERGE.HANDLED,
  });
};
