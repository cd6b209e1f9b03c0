import { ipformContract as api, IP_FORM_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './ipform.service.js';

/** The intended-parent form (donor-forms spec: IP form). */
export const ipformRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.visibility, { run: (auth) => service.visibility(deps, auth) });
  route(app, api.statusCenter, { run: (auth) => service.statusCenter(deps, auth) });
  route(app, api.status, { run: (auth, { params }) => service.status(deps, auth, params.userId) });
  route(app, api.details, { run: (auth, { body }) => service.details(deps, auth, body) });
  route(app, api.update, {
    run: (auth, { body }) => service.update(deps, auth, body),
    message: IP_FORM_MSG.SAVED,
  });
  route(app, api.submit, { run: (auth) => service.submit(deps, auth), message: IP_FORM_MSG.SUBMITTED });
};
