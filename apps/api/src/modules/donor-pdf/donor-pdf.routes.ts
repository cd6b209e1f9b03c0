import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import { LocalDiskStorage, uploadsDir } from '../../platform/storage.js';
import * as s from './donor-pdf.schemas.js';
import * as service from './donor-pdf.service.js';

/** The donor PDF (search spec section 7, Downloads). */
export const donorPdfRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const sdeps = { ...deps, storage: new LocalDiskStorage(uploadsDir(deps.config.dataDir)) };

  app.post(
    '/getpdffromhtml',
    {
      // The page that shows it: case manager, admin and client (a donor has no PDF view).
      config: { access: { pages: ['pdfpreview'] } },
      schema: {
        summary:
          'The donor page as a PDF (base64 in data.pdf), redacted for the caller like getdonordetails; at most 10 pictures',
        body: s.pdfBody,
        response: { 200: envelope(s.donorPdf) },
      },
    },
    async (request) => ok(await service.donorPdf(sdeps, requireAuth(request), request.body.id)),
  );
};
