import { IP_FORM_MSG, ipFormDetailsBody, ipFormUpdateBody, type PageKey } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as s from './ipform.schemas.js';
import * as service from './ipform.service.js';

/** The parent fills the form; the case manager opens it in preview (platform.md section 6). */
const IPFORM: readonly PageKey[] = ['ipform'];
/** The users grids (the "IP form" row action) and the form itself. */
const GRID_OR_FORM: readonly PageKey[] = ['ipform', 'viewclient'];

/** The intended-parent form (donor-forms spec: IP form). */
export const ipformRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /checkipformvisibility', GRID_OR_FORM, {
    summary: "Whether the caller's center has the IP form on (ip_form_visible)",
    data: s.visibility,
    run: (auth) => service.visibility(deps, auth),
  });

  jsonRoute(app, 'GET /getipformstatuscenter', ['ipform', 'donordetails'], {
    summary: "The caller's center's IP form setting and, for a parent, whether their form is submitted",
    data: s.statusCenter,
    run: (auth) => service.statusCenter(deps, auth),
  });

  jsonRoute(app, 'GET /getipformstatus/:userId', GRID_OR_FORM, {
    summary: "Whether a parent's IP form is submitted: the parent's own, or a client of the caller's center",
    params: s.userIdParams,
    data: s.status,
    run: (auth, { params }) => service.status(deps, auth, params.userId),
  });

  jsonRoute(app, 'POST /getipformdetails', IPFORM, {
    summary: "A tab of a parent's IP form (confirm: every tab); staff reads are audited",
    body: ipFormDetailsBody,
    data: s.details,
    run: (auth, { body }) => service.details(deps, auth, body),
  });

  jsonRoute(app, 'POST /updateipformdetails', IPFORM, {
    summary:
      'The parent saves one tab of their IP form (empty dates null, cleared descriptions, invalid zip null)',
    body: ipFormUpdateBody,
    data: s.details,
    message: IP_FORM_MSG.SAVED,
    run: (auth, { body }) => service.update(deps, auth, body),
  });

  jsonRoute(app, 'GET /ipformsubmission', IPFORM, {
    summary: 'The parent submits their IP form (users.ip_form_submitted_at); they then return home',
    data: s.submission,
    message: IP_FORM_MSG.SUBMITTED,
    run: (auth) => service.submit(deps, auth),
  });
};
