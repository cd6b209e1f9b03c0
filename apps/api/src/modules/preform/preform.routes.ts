import {
  MSG,
  type PageKey,
  rejectionQuestionsBody,
  rejectionSettingsBody,
  submitPreformBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
import { getCall, postCall } from '../../platform/routes.js';
import * as s from './preform.schemas.js';
import * as service from './preform.service.js';

/** The donor herself and the case manager (preview). */
const PREFORM: readonly PageKey[] = ['preform'];
/** The agency admin's auto-rejection page. */
const AUTO_REJECTION: readonly PageKey[] = ['donorformautorejection'];

/** The donor pre-form and the auto-rejection rules that judge it (donor-forms spec 4, 5, 7). */
export const preformRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/getpreformdetails/:userId',
    {
      config: { access: { pages: PREFORM } },
      schema: {
        summary:
          "The pre-form's questions (age placeholders filled) and answers: the donor's own, or a donor of the case manager's center",
        params: s.userIdParams,
        response: { 200: envelope(s.preformDetails) },
      },
    },
    async (request) => ok(await service.preformDetails(deps, requireAuth(request), request.params.userId)),
  );

  postCall(
    app,
    '/submitpreform',
    {
      access: { pages: PREFORM },
      summary:
        'The donor submits her pre-form; preFormStatus 1 leads to the donor form, 0 to not-accepted-preform',
      body: submitPreformBody,
      answer: s.preformResult,
      message: MSG.PREFORM_SUBMITTED,
    },
    (auth, b) => service.submitPreform(deps, auth, b),
  );

  app.post(
    '/resetpreformdetails',
    {
      config: { access: { pages: ['not-accepted-preform'] } },
      schema: {
        summary: 'A donor whose pre-form was not accepted fills it again (pre_form_status back to none)',
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => ok(await service.resetPreform(deps, requireAuth(request))),
  );

  getCall(
    app,
    '/getdonorformrejectionquestionbycenter',
    {
      access: { pages: ['preform', 'donorform'] },
      summary: "The caller's center's rejection questions (texts filled) and whether each is enabled",
      answer: s.rejectionQuestions,
    },
    (auth) => service.rejectionQuestions(deps, auth),
  );

  getCall(
    app,
    '/donorformrejectionrange',
    {
      access: { pages: AUTO_REJECTION },
      summary: "The admin's center: age ranges, BMI range (0 not set) and the auto-rejection switch",
      answer: s.rejectionSettings,
    },
    (auth) => service.rejectionSettings(deps, auth),
  );

  postCall(
    app,
    '/donorformrejectionrange',
    {
      access: { pages: AUTO_REJECTION },
      summary: 'Saves the ranges and the switch; the switch needs every range set',
      body: rejectionSettingsBody,
      answer: s.rejectionSettings,
      message: MSG.CHANGES_SAVED,
    },
    (auth, b) => service.saveRejectionSettings(deps, auth, b),
  );

  app.get(
    '/defaultdonorformrejectionrange',
    {
      config: { access: { pages: AUTO_REJECTION } },
      schema: { summary: 'The suggested ranges', response: { 200: envelope(s.rejectionRange) } },
    },
    async () => ok(service.defaultRejectionRange()),
  );

  getCall(
    app,
    '/getalldonorformrejectionquestion',
    {
      access: { pages: AUTO_REJECTION },
      summary: 'The pre-form questions that can reject, with whether each is enabled at the center',
      answer: s.rejectionQuestions,
    },
    (auth) => service.rejectionQuestions(deps, auth),
  );

  postCall(
    app,
    '/updatealldonorformrejectionquestion',
    {
      access: { pages: AUTO_REJECTION },
      summary: 'Enables or disables questions for auto-rejection',
      body: rejectionQuestionsBody,
      answer: s.rejectionQuestions,
      message: MSG.CHANGES_SAVED,
    },
    (auth, b) => service.saveRejectionQuestions(deps, auth, b),
  );
};
