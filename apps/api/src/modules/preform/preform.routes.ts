import {
  MSG,
  type PageKey,
  rejectionQuestionsBody,
  rejectionSettingsBody,
  submitPreformBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import * as s from './preform.schemas.js';
import * as service from './preform.service.js';

/** The donor herself and the case manager (preview). */
const PREFORM: readonly PageKey[] = ['preform'];
/** The agency admin's auto-rejection page. */
const AUTO_REJECTION: readonly PageKey[] = ['donorformautorejection'];

/** The donor pre-form and the auto-rejection rules that judge it (donor-forms spec 4, 5, 7). */
export const preformRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /getpreformdetails/:userId', PREFORM, {
    summary:
      "The pre-form's questions (age placeholders filled) and answers: the donor's own, or a donor of the case manager's center",
    params: s.userIdParams,
    data: s.preformDetails,
    run: (auth, { params }) => service.preformDetails(deps, auth, params.userId),
  });

  jsonRoute(app, 'POST /submitpreform', PREFORM, {
    summary:
      'The donor submits her pre-form; preFormStatus 1 leads to the donor form, 0 to not-accepted-preform',
    body: submitPreformBody,
    data: s.preformResult,
    message: MSG.PREFORM_SUBMITTED,
    run: (auth, { body }) => service.submitPreform(deps, auth, body),
  });

  jsonRoute(app, 'POST /resetpreformdetails', ['not-accepted-preform'], {
    summary: 'A donor whose pre-form was not accepted fills it again (pre_form_status back to none)',
    data: null,
    run: (auth) => service.resetPreform(deps, auth),
  });

  jsonRoute(app, 'GET /getdonorformrejectionquestionbycenter', ['preform', 'donorform'], {
    summary: "The caller's center's rejection questions (texts filled) and whether each is enabled",
    data: s.rejectionQuestions,
    run: (auth) => service.rejectionQuestions(deps, auth),
  });

  callRoutes(app, deps, { pages: AUTO_REJECTION }, [
    [
      '/donorformrejectionrange',
      "The admin's center: age ranges, BMI range (0 not set) and the auto-rejection switch",
      null,
      s.rejectionSettings,
      undefined,
      service.rejectionSettings,
    ],
    [
      '/donorformrejectionrange',
      'Saves the ranges and the switch; the switch needs every range set',
      rejectionSettingsBody,
      s.rejectionSettings,
      MSG.CHANGES_SAVED,
      service.saveRejectionSettings,
    ],
    [
      '/defaultdonorformrejectionrange',
      'The suggested ranges',
      null,
      s.rejectionRange,
      undefined,
      async () => service.defaultRejectionRange(),
    ],
    [
      '/getalldonorformrejectionquestion',
      'The pre-form questions that can reject, with whether each is enabled at the center',
      null,
      s.rejectionQuestions,
      undefined,
      service.rejectionQuestions,
    ],
    [
      '/updatealldonorformrejectionquestion',
      'Enables or disables questions for auto-rejection',
      rejectionQuestionsBody,
      s.rejectionQuestions,
      MSG.CHANGES_SAVED,
      service.saveRejectionQuestions,
    ],
  ]);
};
