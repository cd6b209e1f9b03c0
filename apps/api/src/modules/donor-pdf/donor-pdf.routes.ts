import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as s from './donor-pdf.schemas.js';
import * as service from './donor-pdf.service.js';

/** The donor PDF (search spec section 7, Downloads). */
export const donorPdfRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  // The page that shows it: case manager, admin and client (a donor has no PDF view).
  jsonRoute(app, 'POST /getpdffromhtml', ['pdfpreview'], {
    summary:
      'The donor page as a PDF (base64 in data.pdf), redacted for the caller like getdonordetails; at most 10 pictures',
    body: s.pdfBody,
    data: s.donorPdf,
    run: (auth, { body }) => service.donorPdf(deps, auth, body.id),
  });
};
