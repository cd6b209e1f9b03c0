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

  app.post(
    '/submitpreform',
    {
      config: { access: { pages: PREFORM } },
      schema: {
        summary:
          'The donor submits her pre-form; preFormStatus 1 leads to the donor form, 0 to not-accepted-preform',
        body: submitPreformBody,
        response: { 200: envelope(s.preformResult) },
      },
    },
    async (request) =>
      ok(await service.submitPreform(deps, requireAuth(request), request.body), MSG.PREFORM_SUBMITTED),
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

  app.get(
    '/getdonorformrejectionquestionbycenter',
    {
      config: { access: { pages: ['preform', 'donorform'] } },
      schema: {
        summary: "The caller's center's rejection questions (texts filled) and whether each is enabled",
        response: { 200: envelope(s.rejectionQuestions) },
      },
    },
    async (request) => ok(await service.rejectionQuestions(deps, requireAuth(request))),
  );

  app.get(
    '/donorformrejectionrange',
    {
      config: { access: { pages: AUTO_REJECTION } },
      schema: {
        summary: "The admin's center: age ranges, BMI range (0 not set) and the auto-rejection switch",
        response: { 200: envelope(s.rejectionSettings) },
      },
    },
    async (request) => ok(await service.rejectionSettings(deps, requireAuth(request))),
  );

  app.post(
    '/donorformrejectionrange',
    {
      config: { access: { pages: AUTO_REJECTION } },
      schema: {
        summary: 'Saves the ranges and the switch; the switch needs every range set',
        body: rejectionSettingsBody,
        response: { 200: envelope(s.rejectionSettings) },
      },
    },
    async (request) =>
      ok(await service.saveRejectionSettings(deps, requireAuth(request), request.body), MSG.CHANGES_SAVED),
  );

  app.get(
    '/defaultdonorformrejectionrange',
    {
      config: { access: { pages: AUTO_REJECTION } },
      schema: { summary: 'The suggested ranges', response: { 200: envelope(s.rejectionRange) } },
    },
    async () => ok(service.defaultRejectionRange()),
  );

  app.get(
    '/getalldonorformrejectionquestion',
    {
      config: { access: { pages: AUTO_REJECTION } },
      schema: {
        summary: 'The pre-form questions that can reject, with whether each is enabled at the center',
        response: { 200: envelope(s.rejectionQuestions) },
      },
    },
    async (request) => ok(await service.rejectionQuestions(deps, requireAuth(request))),
  );

  app.post(
    '/updatealldonorformrejectionquestion',
    {
      config: { access: { pages: AUTO_REJECTION } },
      schema: {
        summary: 'Enables or disables questions for auto-rejection',
        body: rejectionQuestionsBody,
        response: { 200: envelope(s.rejectionQuestions) },
      },
    },
    async (request) =>
      ok(await service.saveRejectionQuestions(deps, requireAuth(request), request.body), MSG.CHANGES_SAVED),
  );
};
