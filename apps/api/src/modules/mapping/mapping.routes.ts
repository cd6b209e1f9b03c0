import { MAPPING_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
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

const access = { access: { pages: ['mapping'] } } as const;

/** Field mapping (master admin): imported values that are not app values, mapped to app values. */
export const mappingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/getdatafromtables/:id',
    {
      config: access,
      schema: {
        summary: 'The app values a mapping item maps to',
        params: mappingItemParams,
        response: { 200: envelope(mappingItemAnswer) },
      },
    },
    async (request) => ok(service.itemData(request.params.id)),
  );

  app.post(
    '/getfieldtobemapped',
    {
      config: access,
      schema: {
        summary: "A page of an item's imported values, unmapped or mapped, searchable",
        body: fieldToBeMappedBody,
        response: { 200: envelope(mappingPageAnswer) },
      },
    },
    async (request) => ok(await service.listRows(deps, request.body)),
  );

  app.post(
    '/updatemappingfield',
    {
      config: access,
      schema: {
        summary: 'Map the selected imported values (row ids in type) to mapped_type',
        body: updateMappingBody,
        response: { 200: envelope(mappingSavedAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.mapRows(
          deps,
          requireAuth(request),
          { id: request.body.id, ids: request.body.type, mapped_type: request.body.mapped_type },
          request.ip,
        ),
        MAPPING_MSG.SAVED,
      ),
  );

  app.post(
    '/updatemappingfielde',
    {
      config: access,
      schema: {
        summary: "Set or change one imported value's mapping",
        body: updateMappingOneBody,
        response: { 200: envelope(mappingSavedAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.mapRows(
          deps,
          requireAuth(request),
          { id: request.body.id, ids: [request.body.type_id], mapped_type: request.body.mapped_type },
          request.ip,
        ),
        MAPPING_MSG.SAVED,
      ),
  );
};
