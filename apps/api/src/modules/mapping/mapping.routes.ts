import { mappingContract as api, MAPPING_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './mapping.service.js';

/** Field mapping (master admin): imported values that are not app values, mapped to app values. */
export const mappingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.item, { run: async (_auth, { params }) => service.itemData(params.id) });
  route(app, api.rows, { run: (_auth, { body }) => service.listRows(deps, body) });
  route(app, api.mapMany, {
    run: (auth, { body, ip }) =>
      service.mapRows(deps, auth, { id: body.id, ids: body.type, mapped_type: body.mapped_type }, ip),
    message: MAPPING_MSG.SAVED,
  });
  route(app, api.mapOne, {
    run: (auth, { body, ip }) =>
      service.mapRows(deps, auth, { id: body.id, ids: [body.type_id], mapped_type: body.mapped_type }, ip),
    message: MAPPING_MSG.SAVED,
  });
};
