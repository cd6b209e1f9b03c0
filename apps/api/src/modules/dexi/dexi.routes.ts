import { dexiContract as api, DEXI_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './dexi.service.js';

/** /dexi: the master admin's external donor-data runs (decision 020). */
export const dexiRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.runs, { run: (_auth, { params }) => service.dexiRuns(deps, params.center) });
  route(app, api.source, { run: (_auth, { params }) => service.dexiSource(deps, params.center) });
  route(app, api.execute, {
    run: (auth, { body, ip }) => service.executeDexiRun(deps, auth, body, ip),
    message: DEXI_MSG.STARTED,
  });
  route(app, api.saveSource, {
    run: (auth, { body, ip }) => service.saveDexiSource(deps, auth, body, ip),
    message: DEXI_MSG.SOURCE_SAVED,
  });
};
