import {
  profilePictureContract as api,
  IMAGE_MAX_BYTES,
  type PageKey,
  UPLOAD_MSG,
  userPicture,
  userPictureParams,
} from '@dm/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import { route } from '../../platform/routes.js';
import { uploadsWorkDir } from '../../platform/storage.js';
import { receiveParts } from '../uploads/received.js';
import * as s from './profile-picture.schemas.js';
import * as service from './profile-picture.service.js';

/** /profileimg: every signed-in user may open it; the service says whose picture is whose. */
const PAGE: readonly PageKey[] = ['profileimg'];

/** The profile picture of users who are not donors: upload, read, remove. */
export const profilePictureRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const workDir = uploadsWorkDir(deps.config.dataDir);
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES }, throwFileSizeLimit: false });

  app.post(
    '/uploadprofilepic/:userId/0/:userTypeId',
    {
      config: { access: { pages: PAGE } },
      schema: {
        consumes: ['multipart/form-data'],
        summary: `The caller's own profile picture (not a donor's; one multipart \`file\`, optional \`edited\` field): png, jpeg, jpg, gif, bmp; ${IMAGE_MAX_BYTES} bytes. Re-encoded without metadata.`,
        params: s.uploadParams,
        response: { 200: envelope(userPicture) },
      },
    },
    async (request) =>
      ok(
        await service.uploadPicture(
          deps,
          requireAuth(request),
          request.params.userId,
          request.params.userTypeId,
          () => receiveParts(request, workDir, { maxBytes: IMAGE_MAX_BYTES, maxFiles: 1 }),
        ),
        UPLOAD_MSG.PROFILE_PICTURE_SET,
      ),
  );

  route(app, api.get, { run: (auth, { params }) => service.pictureInfo(deps, auth, params.userId) });
  route(app, api.remove, {
    run: (auth, { params }) => service.removePicture(deps, auth, params.userId),
    message: UPLOAD_MSG.PROFILE_PICTURE_REMOVED,
  });

  app.get(
    '/profilepicture/:userId/file',
    {
      config: { access: { pages: PAGE } },
      schema: {
        summary: "Streams a user's profile picture to a caller who may see it (cached privately)",
        params: userPictureParams,
        querystring: s.fileQuery,
      },
    },
    async (request, reply) => {
      const file = await service.pictureFile(deps, requireAuth(request), request.params.userId);
      reply
        .header('content-type', file.contentType)
        // Never in a shared cache, and never answered from the browser's cache to another session.
        .header('cache-control', 'private, max-age=300')
        .header('vary', 'Cookie, Authorization')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size);
      return reply.send(file.stream);
    },
  );
};
