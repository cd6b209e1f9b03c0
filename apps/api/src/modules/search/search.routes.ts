import {
  deleteSearchBody,
  idSchema,
  MSG,
  type PageKey,
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
import { jsonRoute } from '../../platform/routes.js';
import * as service from './search.service.js';

/** Donor list search is for managers and clients (search spec section 6): the 'search' page. */
const SEARCHERS: readonly PageKey[] = ['search'];
/** Saved searches: on the search page, and the managers' saved-search list. */
const SAVERS: readonly PageKey[] = ['search', 'searchlistpage'];

export const searchRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'POST /getdonorlist', SEARCHERS, {
    summary: `Donors matching the filters, sorted and paged (${SEARCH_RECORD_COUNTS.join(', ')} a page)`,
    body: searchRequest,
    data: searchAnswer,
    run: (auth, { body }) => service.search(deps, auth, body),
  });

  jsonRoute(app, 'GET /savedsearches', SAVERS, {
    summary: "The caller's saved searches with the donors added since each was last run",
    data: z.array(savedSearch),
    run: (auth) => service.listSavedSearches(deps, auth),
  });

  jsonRoute(app, 'POST /savesearch', SAVERS, {
    summary: 'Saves the filters under a new name',
    body: saveSearchBody,
    data: savedSearch,
    run: (auth, { body }) => service.saveSearch(deps, auth, body),
    message: MSG.SEARCH_SAVED,
  });

  jsonRoute(app, 'PUT /savesearch', SAVERS, {
    summary: "Replaces a saved search's filters (and name, when given)",
    body: updateSearchBody,
    data: savedSearch,
    run: (auth, { body }) => service.updateSearch(deps, auth, body),
    message: MSG.CHANGES_SAVED,
  });

  jsonRoute(app, 'PUT /updatesearchname', SAVERS, {
    summary: 'Renames a saved search',
    body: renameSearchBody,
    data: savedSearch,
    run: (auth, { body }) => service.renameSearch(deps, auth, body),
    message: MSG.CHANGES_SAVED,
  });

  jsonRoute(app, 'PUT /deletesearchlist', SAVERS, {
    summary: 'Deletes a saved search',
    body: deleteSearchBody,
    data: null,
    run: (auth, { body }) => service.deleteSearch(deps, auth, body.search_id),
    message: MSG.SEARCH_DELETED,
  });

  // A picture, not JSON: its own headers and content type, so a plain route.
  app.get(
    '/donorphoto/:pictureId',
    {
      // Photos appear wherever donors do; the donor visibility rule decides, as for the donor.
      config: { access: { signedIn: true } },
      schema: {
        summary: "A donor's picture, when the caller may see the donor",
        params: z.object({ pictureId: idSchema({ label: 'Picture id' }) }),
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
