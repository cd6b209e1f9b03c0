import { MAPPING_MSG, type PageKey } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import {
  fieldToBeMappedBody,
  mappingItemAnswer,
  mappingItemParams,
  mappingPageAnswer,
  mappingSavedAnswer,
  updateMappingBody,
  updateMappingOneBody,
} from './mapping.schemas.js';
import * as service from './mapping.service.js';

const PAGES: readonly PageKey[] = ['mapping'];

/** Field mapping (master admin): imported values that are not app values, mapped to app values. */
export const mappingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /getdatafromtables/:id', PAGES, {
    summary: 'The app values a mapping item maps to',
    params: mappingItemParams,
    data: mappingItemAnswer,
    run: async (_auth, { params }) => service.itemData(params.id),
  });

  jsonRoute(app, 'POST /getfieldtobemapped', PAGES, {
    summary: "A page of an item's imported values, unmapped or mapped, searchable",
    body: fieldToBeMappedBody,
    data: mappingPageAnswer,
    run: (_auth, { body }) => service.listRows(deps, body),
  });

  jsonRoute(app, 'POST /updatemappingfield', PAGES, {
    summary: 'Map the selected imported values (row ids in type) to mapped_type',
    body: updateMappingBody,
    data: mappingSavedAnswer,
    run: (auth, { body, ip }) =>
      service.mapRows(deps, auth, { id: body.id, ids: body.type, mapped_type: body.mapped_type }, ip),
    message: MAPPING_MSG.SAVED,
  });

  jsonRoute(app, 'POST /updatemappingfielde', PAGES, {
    summary: "Set or change one imported value's mapping",
    body: updateMappingOneBody,
    data: mappingSavedAnswer,
    run: (auth, { body, ip }) =>
      service.mapRows(deps, auth, { id: body.id, ids: [body.type_id], mapped_type: body.mapped_type }, ip),
    message: MAPPING_MSG.SAVED,
  });
};
