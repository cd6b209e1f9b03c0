import {
  deleteSearchBody,
  MSG,
  renameSearchBody,
  SEARCH_RECORD_COUNTS,
  savedSearch,
  saveSearchBody,
  searchAnswer,
  searchRequest,
  updateSearchBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
import * as service from './search.service.js';

/** Donor list search is for managers and clients (search spec section 6): the 'search' page. */
const SEARCHERS = { access: { pages: ['search'] as const } };
/** Saved searches: on the search page, and the managers' saved-search list. */
const SAVERS = { access: { pages: ['search', 'searchlistpage'] as const } };

export const searchRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.post(
    '/getdonorlist',
    {
      config: SEARCHERS,
      schema: {
        summary: `Donors matching the filters, sorted and paged (${SEARCH_RECORD_COUNTS.join(', ')} a page)`,
        body: searchRequest,
        response: { 200: envelope(searchAnswer) },
      },
    },
    async (request) => ok(await service.search(deps, requireAuth(request), request.body)),
  );

  app.get(
    '/savedsearches',
    {
      config: SAVERS,
      schema: {
        summary: "The caller's saved searches with the donors added since each was last run",
        response: { 200: envelope(z.array(savedSearch)) },
      },
    },
    async (request) => ok(await service.listSavedSearches(deps, requireAuth(request))),
  );

  app.post(
    '/savesearch',
    {
      config: SAVERS,
      schema: {
        summary: 'Saves the filters under a new name',
        body: saveSearchBody,
        response: { 200: envelope(savedSearch) },
      },
    },
    async (request) =>
      ok(await service.saveSearch(deps, requireAuth(request), request.body), MSG.SEARCH_SAVED),
  );

  app.put(
    '/savesearch',
    {
      config: SAVERS,
      schema: {
        summary: "Replaces a saved search's filters (and name, when given)",
        body: updateSearchBody,
        response: { 200: envelope(savedSearch) },
      },
    },
    async (request) =>
      ok(await service.updateSearch(deps, requireAuth(request), request.body), MSG.CHANGES_SAVED),
  );

  app.put(
    '/updatesearchname',
    {
      config: SAVERS,
      schema: {
        summary: 'Renames a saved search',
        body: renameSearchBody,
        response: { 200: envelope(savedSearch) },
      },
    },
    async (request) =>
      ok(await service.renameSearch(deps, requireAuth(request), request.body), MSG.CHANGES_SAVED),
  );

  app.put(
    '/deletesearchlist',
    {
      config: SAVERS,
      schema: { summary: 'Deletes a saved search', body: deleteSearchBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await service.deleteSearch(deps, requireAuth(request), request.body.search_id);
      return ok(null, MSG.SEARCH_DELETED);
    },
  );

  app.get(
    '/donorphoto/:pictureId',
    {
      // Photos appear wherever donors do; the donor visibility rule decides, as for the donor.
      config: { access: { signedIn: true } },
      schema: {
        summary: "A donor's picture, when the caller may see the donor",
        params: z.object({ pictureId: z.coerce.number().int().positive('Picture id is invalid.') }),
      },
    },
    async (request, reply) => {
      const photo = await service.donorPhoto(deps, requireAuth(request), request.params.pictureId);
      // Private: the answer depends on the caller; stored files never change under a picture id.
      return reply
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .type(photo.contentType)
        .send(photo.data);
    },
  );
};
