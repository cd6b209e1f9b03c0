import {
  MSG,
  questionStatusBody,
  restoreQuestionBody,
  saveQuestionBody,
  submitAnswersBody,
  updateQuestionBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import { customQuestion, donorIdParams, donorQuestion } from './questions.schemas.js';
import * as service from './questions.service.js';

/** Question administration is the agency admin's; answers belong to whoever fills the donor form. */
const ADMIN: Access = { pages: ['customizedquestions'] };
const FORM: Access = { pages: ['donorform'] };

export const questionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/getuserquestions',
    {
      config: { access: ADMIN },
      schema: {
        summary: "The agency's customised questions (archived ones have isActive false)",
        response: { 200: envelope(z.array(customQuestion)) },
      },
    },
    async (request) => ok(await service.listQuestions(deps, requireAuth(request))),
  );

  app.post(
    '/savecustomizedquestion',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Add a question (duplicates and option rules answer 400)',
        body: saveQuestionBody,
        response: { 200: envelope(customQuestion) },
      },
    },
    async (request) =>
      ok(
        await service.saveQuestion(deps, requireAuth(request), request.body, request.ip),
        MSG.QUESTION_SAVED,
      ),
  );

  app.post(
    '/updatequestiondetails',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Edit a question',
        body: updateQuestionBody,
        response: { 200: envelope(customQuestion) },
      },
    },
    async (request) =>
      ok(
        await service.updateQuestion(deps, requireAuth(request), request.body, request.ip),
        MSG.QUESTION_SAVED,
      ),
  );

  app.post(
    '/updatecustomizedquestionstatus',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Archive a question, or set who reads its answers (public, staff, private)',
        body: questionStatusBody,
        response: { 200: envelope(customQuestion) },
      },
    },
    async (request) =>
      ok(
        await service.setQuestionStatus(deps, requireAuth(request), request.body, request.ip),
        request.body.status === 'archive' ? MSG.QUESTION_ARCHIVED : MSG.QUESTION_STATUS_SAVED,
      ),
  );

  app.post(
    '/restorecustomizedquestion',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Put an archived question back on the donor form',
        body: restoreQuestionBody,
        response: { 200: envelope(customQuestion) },
      },
    },
    async (request) =>
      ok(
        await service.restoreQuestion(deps, requireAuth(request), request.body.question_id, request.ip),
        MSG.QUESTION_RESTORED,
      ),
  );

  app.get(
    '/getcustomizedquestiondetails/:id',
    {
      config: { access: FORM },
      schema: {
        summary: "The active questions of the donor's agency with the donor's answers",
        params: donorIdParams,
        response: { 200: envelope(z.array(donorQuestion)) },
      },
    },
    async (request) => ok(await service.donorQuestions(deps, requireAuth(request), request.params.id)),
  );

  app.post(
    '/submitcustomizedanswers',
    {
      config: { access: FORM },
      schema: {
        summary: "Save the donor's answers on one tab (400 with data.answers per question id)",
        body: submitAnswersBody,
        response: { 200: envelope(z.object({ saved: z.number() })) },
      },
    },
    async (request) =>
      ok(
        { saved: await service.submitAnswers(deps, requireAuth(request), request.body, request.ip) },
        MSG.ANSWERS_SAVED,
      ),
  );
};
