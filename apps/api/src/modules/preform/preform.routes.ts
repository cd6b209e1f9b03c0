import { preformContract as api, MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './preform.service.js';

/** The donor pre-form and the auto-rejection rules that judge it (donor-forms spec 4, 5, 7). */
export const preformRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.details, { run: (auth, { params }) => service.preformDetails(deps, auth, params.userId) });
  route(app, api.submit, {
    run: (auth, { body }) => service.submitPreform(deps, auth, body),
    message: MSG.PREFORM_SUBMITTED,
  });
  route(app, api.reset, { run: (auth) => service.resetPreform(deps, auth) });
  route(app, api.centerRejectionQuestions, { run: (auth) => service.rejectionQuestions(deps, auth) });

  route(app, api.rejectionSettings, { run: (auth) => service.rejectionSettings(deps, auth) });
  route(app, api.saveRejectionSettings, {
    run: (auth, { body }) => service.saveRejectionSettings(deps, auth, body),
    message: MSG.CHANGES_SAVED,
  });
  route(app, api.defaultRejectionRange, { run: async () => service.defaultRejectionRange() });
  route(app, api.rejectionQuestions, { run: (auth) => service.rejectionQuestions(deps, auth) });
  route(app, api.saveRejectionQuestions, {
    run: (auth, { body }) => service.saveRejectionQuestions(deps, auth, body),
    message: MSG.CHANGES_SAVED,
  });
};
