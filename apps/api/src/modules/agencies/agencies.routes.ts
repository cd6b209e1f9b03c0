import { agenciesContract as api, MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './agencies.service.js';

/** Agency administration (master admin) and the zip-code table (master admin and agency admin). */
export const agenciesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.details, {
    run: async (_auth, { params, body }) =>
      params.id === 0 ? await service.agencyList(deps, body) : await service.agencyDetails(deps, params.id),
  });
  route(app, api.add, {
    run: (auth, { body, ip }) => service.addAgency(deps, auth, body, ip),
    message: MSG.AGENCY_ADDED,
  });
  route(app, api.update, {
    run: (auth, { body, ip }) => service.editAgency(deps, auth, body, ip),
    message: MSG.AGENCY_UPDATED,
  });
  route(app, api.visibility, {
    run: (auth, { body, ip }) => service.setVisibility(deps, auth, body, ip),
    message: MSG.AGENCY_VISIBILITY,
  });

  route(app, api.allowedOrganizations, {
    run: (_auth, { params }) => service.allowedOrganizations(deps, params.center),
  });
  route(app, api.saveAllowedOrganizations, {
    run: (auth, { body, ip }) => service.saveAllowedOrganizations(deps, auth, body, ip),
    message: MSG.ALLOWED_ORGANIZATIONS_SAVED,
  });

  route(app, api.zipCodes, { run: (_auth, { body }) => service.zipCodeList(deps, body) });
  route(app, api.addZip, {
    run: (auth, { body, ip }) => service.addZip(deps, auth, body, ip),
    message: MSG.ZIP_CODE_ADDED,
  });
  route(app, api.updateZip, {
    run: (auth, { body, ip }) => service.editZip(deps, auth, body, ip),
    message: MSG.ZIP_CODE_UPDATED,
  });
  route(app, api.deleteZip, {
    run: (auth, { body, ip }) => service.deleteZip(deps, auth, body, ip),
    message: MSG.ZIP_CODE_DELETED,
  });
};
