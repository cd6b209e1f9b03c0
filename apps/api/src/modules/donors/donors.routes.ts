import { MSG, type PageKey } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
import { LocalDiskStorage, uploadsDir } from '../../platform/storage.js';
import * as s from './donors.schemas.js';
import * as service from './donors.service.js';

/** Anyone who may open a donor page: manager, admin, client and the donor themself. */
const DETAILS: readonly PageKey[] = ['donordetails'];
/** Staff donor tools (admin and case manager): notes, frozen batches, sharing. */
const STAFF: readonly PageKey[] = ['viewdonor'];

/** Donor details, donor notes, sharing a donor, favourites and comparison (search spec 7). */
export const donorsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const sdeps: service.Deps = { ...deps, storage: new LocalDiskStorage(uploadsDir(deps.config.dataDir)) };

  app.get(
    '/getdonordetails/:id/:usertype?',
    {
      config: { access: { pages: DETAILS } },
      schema: {
        summary: 'The donor page: every section, redacted for the caller (see DonorDetails)',
        params: s.donorIdWithTypeParams,
        response: { 200: envelope(s.donorDetails) },
      },
    },
    async (request) => ok(await service.donorDetails(sdeps, requireAuth(request), request.params.id)),
  );

  for (const [url, kind] of [
    ['/getUserPictures/:id/:usertype?', 'picture'],
    ['/getdonorvideo/:id/:usertype?', 'video'],
    ['/getdocumentdetailsbyid/:id', 'document'],
  ] as const) {
    app.get(
      url,
      {
        config: { access: { pages: DETAILS } },
        schema: {
          summary: `The donor's ${kind}s (private ones not for clients)`,
          params: s.donorIdWithTypeParams,
          response: { 200: envelope(s.donorFiles) },
        },
      },
      async (request) => ok(await service.filesOf(sdeps, requireAuth(request), request.params.id, kind)),
    );
  }

  app.get(
    '/getadditionaldocument/:id',
    {
      config: { access: { pages: ['viewdonor', 'search'] } },
      schema: {
        summary: 'Additional documents (IMG, VID, DOC): manager, admin and client',
        params: s.donorIdParams,
        response: { 200: envelope(s.donorFiles) },
      },
    },
    async (request) => ok(await service.additionalDocuments(sdeps, requireAuth(request), request.params.id)),
  );

  app.get(
    '/getdonorfrozenbatchdetails/:id',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'Frozen egg batches: admin and manager',
        params: s.donorIdParams,
        response: { 200: envelope(s.donorFieldsList) },
      },
    },
    async (request) => ok(await service.frozenBatches(sdeps, requireAuth(request), request.params.id)),
  );

  app.get(
    '/donorfile/:kind/:fileId',
    {
      config: { access: { pages: DETAILS } },
      schema: { summary: "Streams one of a donor's files to a caller who may see it", params: s.fileParams },
    },
    async (request, reply) => {
      const file = await service.donorFile(
        sdeps,
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

  app.get(
    '/checkcompensationvisibility',
    {
      config: { access: { pages: DETAILS } },
      schema: {
        summary: "Whether the caller's center shows donor compensation",
        response: { 200: envelope(z.object({ visible: z.boolean() })) },
      },
    },
    async (request) => ok(await service.compensationVisibility(sdeps, requireAuth(request))),
  );

  app.get(
    '/checkdonortypevisibility',
    {
      config: { access: { pages: DETAILS } },
      schema: {
        summary: "Whether the caller's center shows the donor type (Fresh, Frozen, Both)",
        response: { 200: envelope(z.object({ visible: z.boolean() })) },
      },
    },
    async (request) => ok(await service.donorTypeVisibility(sdeps, requireAuth(request))),
  );

  app.put(
    '/donorviews/:id',
    {
      config: { access: { pages: DETAILS } },
      schema: {
        summary: `Counts a client's view once per session; after ${20} new donors a solved captcha is needed`,
        params: s.donorIdParams,
        body: s.donorViewBody,
        response: { 200: envelope(z.object({ counted: z.boolean() })) },
      },
    },
    async (request) =>
      ok(
        await service.recordView(
          sdeps,
          requireAuth(request),
          request.params.id,
          request.body?.captcha,
          request.ip,
        ),
      ),
  );

  app.post(
    '/requestdonordetailsaccess',
    {
      // Clients (Pre-Active included) and case managers hold search; the service takes clients only.
      config: { access: { pages: ['search'] as readonly PageKey[] } },
      schema: {
        summary: "A client asks their case manager for more of a donor's details (needs a message)",
        body: s.detailsAccessBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await service.requestDetailsAccess(sdeps, requireAuth(request), {
          donorId: request.body.donorId,
          query: request.body.query,
        }),
        MSG.DETAILS_ACCESS_REQUESTED,
      ),
  );

  // --- notes (staff)

  app.get(
    '/getdonornotes/:id',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'Staff notes on a donor, newest first',
        params: s.donorIdParams,
        response: { 200: envelope(s.donorNotes) },
      },
    },
    async (request) => ok(await service.listNotes(sdeps, requireAuth(request), request.params.id)),
  );

  app.post(
    '/donornotes',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'Adds a staff note to a donor',
        body: s.addNoteBody,
        response: { 200: envelope(s.donorNote) },
      },
    },
    async (request) =>
      ok(
        await service.addNote(sdeps, requireAuth(request), request.body.donor_id, request.body.note),
        MSG.NOTE_ADDED,
      ),
  );

  app.delete(
    '/donornotes/:noteId/:managerId?',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'Removes a note (its author, or an admin)',
        params: s.noteParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.removeNote(sdeps, requireAuth(request), request.params.noteId);
      return ok(null, MSG.NOTE_REMOVED);
    },
  );

  app.put(
    '/savenotes',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: "Saves the profile's admin notes",
        body: s.saveNotesBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.saveAdminNotes(sdeps, requireAuth(request), request.body.donorid, request.body.notes);
      return ok(null, MSG.CHANGES_SAVED);
    },
  );

  // --- sharing with another case manager

  app.get(
    '/getmanagers',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: "The other case managers of the caller's center",
        response: { 200: envelope(s.managerOptions) },
      },
    },
    async (request) => ok(await service.managers(sdeps, requireAuth(request))),
  );

  app.post(
    '/sharedonortomanager',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'Shares a donor with another case manager of the same center (e-mailed)',
        body: s.shareDonorBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.shareDonor(sdeps, requireAuth(request), {
        donorId: request.body.donor_id,
        sharedTo: request.body.shared_to,
        message: request.body.message,
      });
      return ok(null, MSG.DONOR_SHARED);
    },
  );

  app.get(
    '/getshareddonorlist',
    {
      config: { access: { pages: ['shareddonors'] } },
      schema: {
        summary: 'Donors other case managers shared with the caller',
        response: { 200: envelope(s.sharedDonorList) },
      },
    },
    async (request) => ok(await service.sharedDonors(sdeps, requireAuth(request))),
  );

  // --- favourites

  app.get(
    '/getfavoritelist/:id?',
    {
      config: { access: { pages: ['favorites'] } },
      schema: {
        summary: "The caller's favourites, or (case manager) those of a client of their center",
        params: s.favoriteListParams,
        response: { 200: envelope(s.favoriteList) },
      },
    },
    async (request) => ok(await service.favoriteList(sdeps, requireAuth(request), request.params.id)),
  );

  app.post(
    '/savefavoritedonor',
    {
      config: { access: { pages: ['favorites'] } },
      schema: {
        summary: 'Adds a donor to the favourites',
        body: s.favoriteBody,
        response: { 200: envelope(z.object({ added: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await service.saveFavorite(sdeps, requireAuth(request), request.body.donor_id), MSG.FAVORITE_ADDED),
  );

  app.post(
    '/removefavoritedonor',
    {
      config: { access: { pages: ['favorites'] } },
      schema: {
        summary: "Removes a donor from the caller's favourites",
        body: s.favoriteBody,
        response: { 200: envelope(z.object({ removed: z.boolean() })) },
      },
    },
    async (request) =>
      ok(
        await service.removeFavorite(sdeps, requireAuth(request), request.body.donor_id),
        MSG.FAVORITE_REMOVED,
      ),
  );

  app.post(
    '/setfavandnotesnotification',
    {
      config: { access: { pages: ['favorites'] as readonly PageKey[] } },
      schema: {
        summary: "Tells a client's case manager that the client favourited a donor or wrote a note on one",
        body: s.favNotesBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.favAndNotesNotification(sdeps, requireAuth(request), {
        donorId: request.body.donor_id,
        type: request.body.type,
        message: request.body.message,
      });
      return ok(null);
    },
  );

  // --- comparison

  app.get(
    '/comparedonors',
    {
      config: { access: { pages: ['comparedonors'] } },
      schema: {
        summary: 'Up to 3 donors side by side (?ids=1,2,3)',
        querystring: s.compareQuery,
        response: { 200: envelope(s.compareList) },
      },
    },
    async (request) => ok(await service.compareDonors(sdeps, requireAuth(request), request.query.ids)),
  );
};
