import { geneticsContract as api, CARRIER_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './genetics.service.js';

/** Carrier-screening compatibility (decision 026). */
export const geneticsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.donorPanel, { run: (auth, { params }) => service.donorPanel(deps, auth, params.id) });
  route(app, api.saveDonorPanel, {
    run: (auth, { params, body }) => service.saveDonorPanel(deps, auth, params.id, body.panel),
    message: CARRIER_MSG.SAVED,
  });
  route(app, api.importDonorPanel, {
    run: (auth, { params, body }) => service.importDonorPanel(deps, auth, params.id, body),
    message: (answer) => CARRIER_MSG.IMPORTED(answer.panel?.tested.length ?? 0),
  });
  route(app, api.parentPanels, { run: (auth, { params }) => service.parentPanels(deps, auth, params.id) });
  route(app, api.saveParentPanel, {
    run: (auth, { params, body }) => service.saveParentPanel(deps, auth, params.id, body),
    message: CARRIER_MSG.SAVED,
  });
  route(app, api.importParentPanel, {
    run: (auth, { params, body }) => service.importParentPanel(deps, auth, params.id, body),
    message: (answer, { body }) => CARRIER_MSG.IMPORTED(answer[body.kind]?.tested.length ?? 0),
  });
  route(app, api.compatibility, { run: (auth, { body }) => service.compatibility(deps, auth, body) });
};
