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
import { type Auth, requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import { badRequest } from '../../platform/errors.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import { uploadsWorkDir } from '../../platform/storage.js';
import { type Receive, receiveParts } from './received.js';
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

type UploadRow = readonly [
  url: string,
  summary: string,
  params: typeof s.donorParams | typeof s.profilePicParams,
  answer: z.ZodType,
  limits: readonly [maxBytes: number, maxFiles: number],
  message: string,
  call: (deps: Deps, auth: Auth, donorId: number, receive: Receive) => Promise<unknown>,
];

/** Photos, videos (chunked, resumable), documents, the COVID card and additional documents. */
export const uploadsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const workDir = uploadsWorkDir(deps.config.dataDir);
  await app.register(fastifyMultipart, { limits: { fileSize: VIDEO_MAX_BYTES }, throwFileSizeLimit: false });
  // Video chunks arrive as raw bytes and are streamed to the file store by the service.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  const parts = (request: FastifyRequest, maxBytes: number, maxFiles: number) => () =>
    receiveParts(request, workDir, { maxBytes, maxFiles });
  const multipart = { consumes: ['multipart/form-data'] };

  /**
   * Multipart uploads to donor `:id` on the donor form, one row per route: the call receives the
   * parts as they stream in, at most [bytes each, files].
   */
  const uploadRoutes = (rows: readonly UploadRow[]) => {
    for (const [url, summary, params, answer, [maxBytes, maxFiles], message, call] of rows) {
      app.post(
        url,
        {
          config: { access: { pages: FORM } },
          schema: { ...multipart, summary, params, response: { 200: envelope(answer) } },
        },
        async (request) =>
          ok(
            await call(deps, requireAuth(request), request.params.id, parts(request, maxBytes, maxFiles)),
            message,
          ),
      );
    }
  };

  jsonRoute(app, 'GET /donormedia/:id', FORM, {
    summary: 'The photos & media tab: pictures, videos, uploads in progress, documents, the COVID card',
    params: s.donorParams,
    data: s.donorMedia,
    run: (auth, { params }) => service.media(deps, auth, params.id),
  });

  // --- videos (chunked, resumable); photos and documents are in the tables below

  jsonRoute(app, 'POST /uploaddonorvideo/:id/start', FORM, {
    summary: `Starts a resumable video upload (${VIDEO_MAX_BYTES} bytes at most); the answer says the chunk size and count`,
    params: s.donorParams,
    body: s.startVideoBody,
    data: s.videoUpload,
    run: (auth, { params, body }) => video.startVideo(deps, auth, params.id, body),
  });

  jsonRoute(app, 'GET /uploaddonorvideo/:id/:uploadId', FORM, {
    summary: 'Which chunks of an upload the server holds (resume from the missing ones)',
    params: s.uploadParams,
    data: s.videoUpload,
    run: (auth, { params }) => video.videoStatus(deps, auth, params.id, params.uploadId),
  });

  // Plain Fastify: the body is the raw chunk stream (application/octet-stream), not JSON.
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
      return ok(await video.putChunk(deps, requireAuth(request), id, uploadId, index, body));
    },
  );

  jsonRoute(app, 'POST /uploaddonorvideo/:id/:uploadId/complete', FORM, {
    summary: 'Joins the chunks, checks the bytes are that kind of video, and stores it',
    params: s.uploadParams,
    data: s.mediaFile,
    run: (auth, { params }) => video.completeVideo(deps, auth, params.id, params.uploadId),
    message: UPLOAD_MSG.UPLOADED,
  });

  jsonRoute(app, 'DELETE /uploaddonorvideo/:id/:uploadId', FORM, {
    summary: 'Gives up an upload in progress',
    params: s.uploadParams,
    data: null,
    run: (auth, { params }) => video.cancelVideo(deps, auth, params.id, params.uploadId),
  });

  // --- additional documents (staff): images, videos or documents at once

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
        deps,
        requireAuth(request),
        donor_id,
        fileType,
        parts(request, maxBytes, 10),
      );
      return ok(result, message);
    },
  );

  // --- the routes that are one call each

  uploadRoutes([
    [
      '/uploaddonorpic/:id',
      `Photos (multipart \`file\` parts, a \`caption\` field per file in order, optional \`private\`): png, jpeg, jpg, gif, bmp; ${IMAGE_MAX_BYTES} bytes each; ${MAX_IMAGES_PER_SELECTION} at a time. Re-encoded without metadata.`,
      s.donorParams,
      s.mediaFiles,
      [IMAGE_MAX_BYTES, MAX_IMAGES_PER_SELECTION],
      UPLOAD_MSG.UPLOADED,
      photos.uploadPictures,
    ],
    [
      '/uploadprofilepic/:id/1/:role',
      "A donor's profile picture (one multipart `file`): checked, re-encoded and stored like a photo, then made the profile picture",
      s.profilePicParams,
      s.mediaFile,
      [IMAGE_MAX_BYTES, 1],
      UPLOAD_MSG.PROFILE_PICTURE_SET,
      photos.uploadProfilePicture,
    ],
    [
      '/updatedonorpic/:id',
      'Replaces a picture with an edited one (multipart `file`, fields `pic_id`, optional `is_profile`)',
      s.donorParams,
      s.mediaFile,
      [IMAGE_MAX_BYTES, 1],
      UPLOAD_MSG.UPLOADED,
      photos.replacePicture,
    ],
    [
      '/uploaddonordocument/:id',
      `One document (multipart \`file\`, optional \`title\`, \`private\`): doc, docx, pdf, ppt, pptx, odt; ${DOCUMENT_MAX_BYTES} bytes`,
      s.donorParams,
      s.mediaFile,
      [DOCUMENT_MAX_BYTES, 1],
      UPLOAD_MSG.UPLOADED,
      documents.uploadDocument,
    ],
    [
      '/uploadcoviddocument/:id',
      'The COVID vaccination card (a document or a photo); private; replaces the previous one',
      s.donorParams,
      s.mediaFile,
      [DOCUMENT_MAX_BYTES, 1],
      UPLOAD_MSG.UPLOADED,
      documents.uploadCovidDocument,
    ],
  ]);

  callRoutes(app, deps, { pages: FORM }, [
    [
      '/updateimageguidelinesflag',
      'Records that the image guidelines were read and accepted',
      s.donorBody,
      null,
      UPLOAD_MSG.GUIDELINES_ACCEPTED,
      (d, auth, b) => service.acceptImageGuidelines(d, auth, b.donor_id),
    ],
    [
      '/updatedonorprofilepic',
      'Makes a picture the profile picture',
      s.pictureBody,
      null,
      UPLOAD_MSG.PROFILE_PICTURE_SET,
      (d, auth, b) => photos.setProfilePicture(d, auth, b.donorId, b.picId),
    ],
    [
      '/updatedonorpiccaption',
      "Changes a picture's caption",
      s.captionBody,
      null,
      UPLOAD_MSG.CAPTION_SAVED,
      (d, auth, b) => photos.setCaption(d, auth, b.donorId, b.picId, b.caption),
    ],
    [
      '/removedonorpic',
      'Deletes a picture',
      s.pictureBody,
      null,
      UPLOAD_MSG.PICTURE_DELETED,
      (d, auth, b) => photos.removePicture(d, auth, b.donorId, b.picId),
    ],
    [
      '/donoruploaditemsvisibility',
      'Makes a picture, video or document public or private (private ones are not shown to clients)',
      s.visibilityBody,
      null,
      UPLOAD_MSG.VISIBILITY_SAVED,
      (d, auth, b) => service.setVisibility(d, auth, b.donorId, b.type, b.id, b.is_public),
    ],
    [
      '/deletedonorvideo',
      'Deletes a video',
      s.videoBody,
      null,
      UPLOAD_MSG.VIDEO_DELETED,
      (d, auth, b) => video.removeVideo(d, auth, b.donorId, b.video_id),
    ],
    [
      '/deletedonordocument',
      'Deletes a document',
      s.documentBody,
      null,
      UPLOAD_MSG.DOCUMENT_DELETED,
      (d, auth, b) => documents.removeDocument(d, auth, b.donorId, b.document_id),
    ],
    [
      '/deletecoviddocpath',
      'Removes the COVID vaccination card',
      s.donorBody,
      null,
      UPLOAD_MSG.DOCUMENT_DELETED,
      (d, auth, b) => documents.removeCovidDocument(d, auth, b.donor_id),
    ],
  ]);

  callRoutes(app, deps, { pages: STAFF }, [
    [
      '/savelastvisitedtimeonuploads',
      'Staff opened the photos & media tab: files added before now are no longer marked new',
      s.donorBody,
      null,
      undefined,
      (d, auth, b) => service.saveLastVisit(d, auth, b.donor_id),
    ],
    [
      '/getlastvisitedtimeonuploads',
      'When staff last opened the photos & media tab of a donor',
      s.donorBody,
      s.lastVisited,
      undefined,
      (d, auth, b) => service.lastVisit(d, auth, b.donor_id),
    ],
    [
      '/deleteadditionaldocument',
      'Deletes an additional document',
      s.additionalBody,
      null,
      UPLOAD_MSG.DOCUMENT_DELETED,
      (d, auth, b) => additional.removeAdditional(d, auth, b.doc_id),
    ],
    [
      '/changepublicadditionaldoc',
      'Makes an additional document public or private (private ones are not shown to clients)',
      s.additionalVisibilityBody,
      null,
      UPLOAD_MSG.VISIBILITY_SAVED,
      (d, auth, b) => additional.setAdditionalVisibility(d, auth, b.doc_id, b.is_public),
    ],
  ]);
};
