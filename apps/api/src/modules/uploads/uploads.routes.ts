import { Readable } from 'node:stream';
import {
  DOCUMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  MAX_IMAGES_PER_SELECTION,
  type PageKey,
  UPLOAD_MSG,
  VIDEO_MAX_BYTES,
} from '@dm/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
import { badRequest } from '../../platform/errors.js';
import { LocalDiskStorage, uploadsDir, uploadsWorkDir } from '../../platform/storage.js';
import { receiveParts } from './received.js';
import * as additional from './uploads.additional.js';
import * as documents from './uploads.documents.js';
import * as photos from './uploads.photos.js';
import * as s from './uploads.schemas.js';
import * as service from './uploads.service.js';
import type { Deps } from './uploads.shared.js';
import * as video from './uploads.video.js';

/** The donor form's photos & media tab: the donor herself, admins and case managers. */
const FORM: readonly PageKey[] = ['donorform'];
/** Staff donor tools (additional documents): admin and case manager. */
const STAFF: readonly PageKey[] = ['viewdonor'];

/** Photos, videos (chunked, resumable), documents, the COVID card and additional documents. */
export const uploadsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const workDir = uploadsWorkDir(deps.config.dataDir);
  const sdeps: Deps = {
    ...deps,
    storage: new LocalDiskStorage(uploadsDir(deps.config.dataDir)),
    workDir,
  };
  await app.register(fastifyMultipart, { limits: { fileSize: VIDEO_MAX_BYTES }, throwFileSizeLimit: false });
  // Video chunks arrive as raw bytes and are streamed to disk by the service, never buffered.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  const parts = (request: FastifyRequest, maxBytes: number, maxFiles: number) => () =>
    receiveParts(request, workDir, { maxBytes, maxFiles });
  const multipart = { consumes: ['multipart/form-data'] };

  app.get(
    '/donormedia/:id',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'The photos & media tab: pictures, videos, uploads in progress, documents, the COVID card',
        params: s.donorParams,
        response: { 200: envelope(s.donorMedia) },
      },
    },
    async (request) => ok(await service.media(sdeps, requireAuth(request), request.params.id)),
  );

  app.post(
    '/updateimageguidelinesflag',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'Records that the image guidelines were read and accepted',
        body: s.donorBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.acceptImageGuidelines(sdeps, requireAuth(request), request.body.donor_id);
      return ok(null, UPLOAD_MSG.GUIDELINES_ACCEPTED);
    },
  );

  app.post(
    '/savelastvisitedtimeonuploads',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'Staff opened the photos & media tab: files added before now are no longer marked new',
        body: s.donorBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.saveLastVisit(sdeps, requireAuth(request), request.body.donor_id);
      return ok(null);
    },
  );

  app.post(
    '/getlastvisitedtimeonuploads',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'When staff last opened the photos & media tab of a donor',
        body: s.donorBody,
        response: { 200: envelope(s.lastVisited) },
      },
    },
    async (request) => ok(await service.lastVisit(sdeps, requireAuth(request), request.body.donor_id)),
  );

  // --- photos

  app.post(
    '/uploaddonorpic/:id',
    {
      config: { access: { pages: FORM } },
      schema: {
        ...multipart,
        summary: `Photos (multipart \`file\` parts, a \`caption\` field per file in order, optional \`private\`): png, jpeg, jpg, gif, bmp; ${IMAGE_MAX_BYTES} bytes each; ${MAX_IMAGES_PER_SELECTION} at a time. Re-encoded without metadata.`,
        params: s.donorParams,
        response: { 200: envelope(s.mediaFiles) },
      },
    },
    async (request) =>
      ok(
        await photos.uploadPictures(
          sdeps,
          requireAuth(request),
          request.params.id,
          parts(request, IMAGE_MAX_BYTES, MAX_IMAGES_PER_SELECTION),
        ),
        UPLOAD_MSG.UPLOADED,
      ),
  );

  app.post(
    '/uploadprofilepic/:id/1/:role',
    {
      config: { access: { pages: FORM } },
      schema: {
        ...multipart,
        summary:
          "A donor's profile picture (one multipart `file`): checked, re-encoded and stored like a photo, then made the profile picture",
        params: s.profilePicParams,
        response: { 200: envelope(s.mediaFile) },
      },
    },
    async (request) =>
      ok(
        await photos.uploadProfilePicture(
          sdeps,
          requireAuth(request),
          request.params.id,
          parts(request, IMAGE_MAX_BYTES, 1),
        ),
        UPLOAD_MSG.PROFILE_PICTURE_SET,
      ),
  );

  app.post(
    '/updatedonorpic/:id',
    {
      config: { access: { pages: FORM } },
      schema: {
        ...multipart,
        summary:
          'Replaces a picture with an edited one (multipart `file`, fields `pic_id`, optional `is_profile`)',
        params: s.donorParams,
        response: { 200: envelope(s.mediaFile) },
      },
    },
    async (request) =>
      ok(
        await photos.replacePicture(
          sdeps,
          requireAuth(request),
          request.params.id,
          parts(request, IMAGE_MAX_BYTES, 1),
        ),
        UPLOAD_MSG.UPLOADED,
      ),
  );

  app.post(
    '/updatedonorprofilepic',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'Makes a picture the profile picture',
        body: s.pictureBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await photos.setProfilePicture(sdeps, requireAuth(request), request.body.donorId, request.body.picId);
      return ok(null, UPLOAD_MSG.PROFILE_PICTURE_SET);
    },
  );

  app.post(
    '/updatedonorpiccaption',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: "Changes a picture's caption",
        body: s.captionBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { donorId, picId, caption } = request.body;
      await photos.setCaption(sdeps, requireAuth(request), donorId, picId, caption);
      return ok(null, UPLOAD_MSG.CAPTION_SAVED);
    },
  );

  app.post(
    '/removedonorpic',
    {
      config: { access: { pages: FORM } },
      schema: { summary: 'Deletes a picture', body: s.pictureBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await photos.removePicture(sdeps, requireAuth(request), request.body.donorId, request.body.picId);
      return ok(null, UPLOAD_MSG.PICTURE_DELETED);
    },
  );

  app.post(
    '/donoruploaditemsvisibility',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary:
          'Makes a picture, video or document public or private (private ones are not shown to clients)',
        body: s.visibilityBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const b = request.body;
      await service.setVisibility(sdeps, requireAuth(request), b.donorId, b.type, b.id, b.is_public);
      return ok(null, UPLOAD_MSG.VISIBILITY_SAVED);
    },
  );

  // --- videos

  app.post(
    '/uploaddonorvideo/:id/start',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: `Starts a resumable video upload (${VIDEO_MAX_BYTES} bytes at most); the answer says the chunk size and count`,
        params: s.donorParams,
        body: s.startVideoBody,
        response: { 200: envelope(s.videoUpload) },
      },
    },
    async (request) =>
      ok(await video.startVideo(sdeps, requireAuth(request), request.params.id, request.body)),
  );

  app.get(
    '/uploaddonorvideo/:id/:uploadId',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'Which chunks of an upload the server holds (resume from the missing ones)',
        params: s.uploadParams,
        response: { 200: envelope(s.videoUpload) },
      },
    },
    async (request) =>
      ok(await video.videoStatus(sdeps, requireAuth(request), request.params.id, request.params.uploadId)),
  );

  app.put(
    '/uploaddonorvideo/:id/:uploadId/:index',
    {
      config: { access: { pages: FORM } },
      schema: {
        consumes: ['application/octet-stream'],
        summary: 'One chunk (application/octet-stream, exactly the chunk size but for the last)',
        params: s.chunkParams,
        response: { 200: envelope(z.object({ index: z.number() })) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!(body instanceof Readable)) throw badRequest(UPLOAD_MSG.CHUNK_INVALID);
      const { id, uploadId, index } = request.params;
      return ok(await video.putChunk(sdeps, requireAuth(request), id, uploadId, index, body));
    },
  );

  app.post(
    '/uploaddonorvideo/:id/:uploadId/complete',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'Joins the chunks, checks the bytes are that kind of video, and stores it',
        params: s.uploadParams,
        response: { 200: envelope(s.mediaFile) },
      },
    },
    async (request) =>
      ok(
        await video.completeVideo(sdeps, requireAuth(request), request.params.id, request.params.uploadId),
        UPLOAD_MSG.UPLOADED,
      ),
  );

  app.delete(
    '/uploaddonorvideo/:id/:uploadId',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'Gives up an upload in progress',
        params: s.uploadParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await video.cancelVideo(sdeps, requireAuth(request), request.params.id, request.params.uploadId);
      return ok(null);
    },
  );

  app.post(
    '/deletedonorvideo',
    {
      config: { access: { pages: FORM } },
      schema: { summary: 'Deletes a video', body: s.videoBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await video.removeVideo(sdeps, requireAuth(request), request.body.donorId, request.body.video_id);
      return ok(null, UPLOAD_MSG.VIDEO_DELETED);
    },
  );

  // --- documents

  app.post(
    '/uploaddonordocument/:id',
    {
      config: { access: { pages: FORM } },
      schema: {
        ...multipart,
        summary: `One document (multipart \`file\`, optional \`title\`, \`private\`): doc, docx, pdf, ppt, pptx, odt; ${DOCUMENT_MAX_BYTES} bytes`,
        params: s.donorParams,
        response: { 200: envelope(s.mediaFile) },
      },
    },
    async (request) =>
      ok(
        await documents.uploadDocument(
          sdeps,
          requireAuth(request),
          request.params.id,
          parts(request, DOCUMENT_MAX_BYTES, 1),
        ),
        UPLOAD_MSG.UPLOADED,
      ),
  );

  app.post(
    '/deletedonordocument',
    {
      config: { access: { pages: FORM } },
      schema: { summary: 'Deletes a document', body: s.documentBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await documents.removeDocument(
        sdeps,
        requireAuth(request),
        request.body.donorId,
        request.body.document_id,
      );
      return ok(null, UPLOAD_MSG.DOCUMENT_DELETED);
    },
  );

  app.post(
    '/uploadcoviddocument/:id',
    {
      config: { access: { pages: FORM } },
      schema: {
        ...multipart,
        summary: 'The COVID vaccination card (a document or a photo); private; replaces the previous one',
        params: s.donorParams,
        response: { 200: envelope(s.mediaFile) },
      },
    },
    async (request) =>
      ok(
        await documents.uploadCovidDocument(
          sdeps,
          requireAuth(request),
          request.params.id,
          parts(request, DOCUMENT_MAX_BYTES, 1),
        ),
        UPLOAD_MSG.UPLOADED,
      ),
  );

  app.post(
    '/deletecoviddocpath',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'Removes the COVID vaccination card',
        body: s.donorBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await documents.removeCovidDocument(sdeps, requireAuth(request), request.body.donor_id);
      return ok(null, UPLOAD_MSG.DOCUMENT_DELETED);
    },
  );

  // --- additional documents (staff)

  app.post(
    '/uploadadditionaldoc',
    {
      config: { access: { pages: STAFF } },
      schema: {
        ...multipart,
        summary:
          'Staff add images, videos or documents (IMG 5, VID 2, DOC 2); `is_public` field; per-file results',
        querystring: s.additionalQuery,
        response: { 200: envelope(s.additionalResult) },
      },
    },
    async (request) => {
      const { donor_id, fileType } = request.query;
      const maxBytes =
        fileType === 'IMG' ? IMAGE_MAX_BYTES : fileType === 'VID' ? VIDEO_MAX_BYTES : DOCUMENT_MAX_BYTES;
      const { result, message } = await additional.uploadAdditional(
        sdeps,
        requireAuth(request),
        donor_id,
        fileType,
        parts(request, maxBytes, 10),
      );
      return ok(result, message);
    },
  );

  app.post(
    '/deleteadditionaldocument',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'Deletes an additional document',
        body: s.additionalBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await additional.removeAdditional(sdeps, requireAuth(request), request.body.doc_id);
      return ok(null, UPLOAD_MSG.DOCUMENT_DELETED);
    },
  );

  app.post(
    '/changepublicadditionaldoc',
    {
      config: { access: { pages: STAFF } },
      schema: {
        summary: 'Makes an additional document public or private (private ones are not shown to clients)',
        body: s.additionalVisibilityBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await additional.setAdditionalVisibility(
        sdeps,
        requireAuth(request),
        request.body.doc_id,
        request.body.is_public,
      );
      return ok(null, UPLOAD_MSG.VISIBILITY_SAVED);
    },
  );
};
