import { MSG, type PageKey } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as favorites from './donors.favorites.js';
import * as s from './donors.schemas.js';
import * as service from './donors.service.js';
import * as sharing from './donors.sharing.js';

/** Anyone who may open a donor page: manager, admin, client and the donor themself. */
const DETAILS: readonly PageKey[] = ['donordetails'];
/** Staff donor tools (admin and case manager): notes, frozen batches, sharing. */
const STAFF: readonly PageKey[] = ['viewdonor'];

/** Donor details, donor notes, sharing a donor, favourites and comparison (search spec 7). */
export const donorsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /getdonordetails/:id/:usertype?', DETAILS, {
    summary: 'The donor page: every section, redacted for the caller (see DonorDetails)',
    params: s.donorIdWithTypeParams,
    data: s.donorDetails,
    run: (auth, { params }) => service.donorDetails(deps, auth, params.id),
  });

  for (const [url, kind] of [
    ['/getUserPictures/:id/:usertype?', 'picture'],
    ['/getdonorvideo/:id/:usertype?', 'video'],
    ['/getdocumentdetailsbyid/:id', 'document'],
  ] as const) {
    jsonRoute(app, `GET ${url}`, DETAILS, {
      summary: `The donor's ${kind}s (private ones not for clients)`,
      params: s.donorIdWithTypeParams,
      data: s.donorFiles,
      run: (auth, { params }) => service.filesOf(deps, auth, params.id, kind),
    });
  }

  jsonRoute(app, 'GET /getadditionaldocument/:id', ['viewdonor', 'search'], {
    summary: 'Additional documents (IMG, VID, DOC): manager, admin and client',
    params: s.donorIdParams,
    data: s.donorFiles,
    run: (auth, { params }) => service.additionalDocuments(deps, auth, params.id),
  });

  jsonRoute(app, 'GET /getdonorfrozenbatchdetails/:id', STAFF, {
    summary: 'Frozen egg batches: admin and manager',
    params: s.donorIdParams,
    data: s.donorFieldsList,
    run: (auth, { params }) => service.frozenBatches(deps, auth, params.id),
  });

  app.get(
    '/donorfile/:kind/:fileId',
    {
      config: { access: { pages: DETAILS } },
      schema: { summary: "Streams one of a donor's files to a caller who may see it", params: s.fileParams },
    },
    async (request, reply) => {
      const file = await service.donorFile(
        deps,
        requireAuth(request),
        request.params.kind,
        request.params.fileId,
        request.headers.range,
      );
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline')
        .header('accept-ranges', 'bytes');
      if (file.range) {
        reply
          .code(206)
          .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
          .header('content-length', file.range.end - file.range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(file.stream);
    },
  );

  jsonRoute(app, 'GET /checkcompensationvisibility', DETAILS, {
    summary: "Whether the caller's center shows donor compensation",
    data: z.object({ visible: z.boolean() }),
    run: (auth) => service.compensationVisibility(deps, auth),
  });

  jsonRoute(app, 'GET /checkdonortypevisibility', DETAILS, {
    summary: "Whether the caller's center shows the donor type (Fresh, Frozen, Both)",
    data: z.object({ visible: z.boolean() }),
    run: (auth) => service.donorTypeVisibility(deps, auth),
  });

  jsonRoute(app, 'PUT /donorviews/:id', DETAILS, {
    summary: `Counts a client's view once per session; after ${20} new donors a solved captcha is needed`,
    params: s.donorIdParams,
    body: s.donorViewBody,
    data: z.object({ counted: z.boolean() }),
    run: (auth, { params, body, ip }) => service.recordView(deps, auth, params.id, body?.captcha, ip),
  });

  // Clients (Pre-Active included) and case managers hold search; the service takes clients only.
  jsonRoute(app, 'POST /requestdonordetailsaccess', ['search'], {
    summary: "A client asks their case manager for more of a donor's details (needs a message)",
    body: s.detailsAccessBody,
    data: z.object({ id: z.number() }),
    run: (auth, { body }) =>
      sharing.requestDetailsAccess(deps, auth, { donorId: body.donorId, query: body.query }),
    message: MSG.DETAILS_ACCESS_REQUESTED,
  });

  // --- notes (staff)

  jsonRoute(app, 'GET /getdonornotes/:id', STAFF, {
    summary: 'Staff notes on a donor, newest first',
    params: s.donorIdParams,
    data: s.donorNotes,
    run: (auth, { params }) => service.listNotes(deps, auth, params.id),
  });

  jsonRoute(app, 'POST /donornotes', STAFF, {
    summary: 'Adds a staff note to a donor',
    body: s.addNoteBody,
    data: s.donorNote,
    run: (auth, { body }) => service.addNote(deps, auth, body.donor_id, body.note),
    message: MSG.NOTE_ADDED,
  });

  jsonRoute(app, 'DELETE /donornotes/:noteId/:managerId?', STAFF, {
    summary: 'Removes a note (its author, or an admin)',
    params: s.noteParams,
    data: null,
    run: (auth, { params }) => service.removeNote(deps, auth, params.noteId),
    message: MSG.NOTE_REMOVED,
  });

  jsonRoute(app, 'PUT /savenotes', STAFF, {
    summary: "Saves the profile's admin notes",
    body: s.saveNotesBody,
    data: null,
    run: (auth, { body }) => service.saveAdminNotes(deps, auth, body.donorid, body.notes),
    message: MSG.CHANGES_SAVED,
  });

  // --- sharing with another case manager

  jsonRoute(app, 'GET /getmanagers', STAFF, {
    summary: "The other case managers of the caller's center",
    data: s.managerOptions,
    run: (auth) => sharing.managers(deps, auth),
  });

  jsonRoute(app, 'POST /sharedonortomanager', STAFF, {
    summary: 'Shares a donor with another case manager of the same center (e-mailed)',
    body: s.shareDonorBody,
    data: null,
    run: (auth, { body }) =>
      sharing.shareDonor(deps, auth, {
        donorId: body.donor_id,
        sharedTo: body.shared_to,
        message: body.message,
      }),
    message: MSG.DONOR_SHARED,
  });

  jsonRoute(app, 'GET /getshareddonorlist', ['shareddonors'], {
    summary: 'Donors other case managers shared with the caller',
    data: s.sharedDonorList,
    run: (auth) => sharing.sharedDonors(deps, auth),
  });

  // --- favourites

  jsonRoute(app, 'GET /getfavoritelist/:id?', ['favorites'], {
    summary: "The caller's favourites, or (case manager) those of a client of their center",
    params: s.favoriteListParams,
    data: s.favoriteList,
    run: (auth, { params }) => favorites.favoriteList(deps, auth, params.id),
  });

  jsonRoute(app, 'POST /savefavoritedonor', ['favorites'], {
    summary: 'Adds a donor to the favourites',
    body: s.favoriteBody,
    data: z.object({ added: z.boolean() }),
    run: (auth, { body }) => favorites.saveFavorite(deps, auth, body.donor_id),
    message: MSG.FAVORITE_ADDED,
  });

  jsonRoute(app, 'POST /removefavoritedonor', ['favorites'], {
    summary: "Removes a donor from the caller's favourites",
    body: s.favoriteBody,
    data: z.object({ removed: z.boolean() }),
    run: (auth, { body }) => favorites.removeFavorite(deps, auth, body.donor_id),
    message: MSG.FAVORITE_REMOVED,
  });

  jsonRoute(app, 'POST /setfavandnotesnotification', ['favorites'], {
    summary: "Tells a client's case manager that the client favourited a donor or wrote a note on one",
    body: s.favNotesBody,
    data: null,
    run: (auth, { body }) =>
      sharing.favAndNotesNotification(deps, auth, {
        donorId: body.donor_id,
        type: body.type,
        message: body.message,
      }),
  });

  // --- comparison

  jsonRoute(app, 'GET /comparedonors', ['comparedonors'], {
    summary: 'Up to 3 donors side by side (?ids=1,2,3)',
    querystring: s.compareQuery,
    data: s.compareList,
    run: (auth, { query }) => favorites.compareDonors(deps, auth, query.ids),
  });
};
