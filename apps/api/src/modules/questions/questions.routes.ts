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
import { getCall, postCall } from '../../platform/routes.js';
import { customQuestion, donorIdParams, donorQuestion } from './questions.schemas.js';
import * as service from './questions.service.js';

/** Question administration is the agency admin's; answers belong to whoever fills the donor form. */
const ADMIN: Access = { pages: ['customizedquestions'] };
const FORM: Access = { pages: ['donorform'] };

export const questionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  getCall(
    app,
    '/getuserquestions',
    {
      access: ADMIN,
      summary: "The agency's customised questions (archived ones have isActive false)",
      answer: z.array(customQuestion),
    },
    (auth) => service.listQuestions(deps, auth),
  );

  postCall(
    app,
    '/savecustomizedquestion',
    {
      access: ADMIN,
      summary: 'Add a question (duplicates and option rules answer 400)',
      body: saveQuestionBody,
      answer: customQuestion,
      message: MSG.QUESTION_SAVED,
    },
    (auth, b, ip) => service.saveQuestion(deps, auth, b, ip),
  );

  postCall(
    app,
    '/updatequestiondetails',
    {
      access: ADMIN,
      summary: 'Edit a question',
      body: updateQuestionBody,
      answer: customQuestion,
      message: MSG.QUESTION_SAVED,
    },
    (auth, b, ip) => service.updateQuestion(deps, auth, b, ip),
  );

  postCall(
    app,
    '/updatecustomizedquestionstatus',
    {
      access: ADMIN,
      summary: 'Archive a question, or set who reads its answers (public, staff, private)',
      body: questionStatusBody,
      answer: customQuestion,
      message: (b) => (b.status === 'archive' ? MSG.QUESTION_ARCHIVED : MSG.QUESTION_STATUS_SAVED),
    },
    (auth, b, ip) => service.setQuestionStatus(deps, auth, b, ip),
  );

  postCall(
    app,
    '/restorecustomizedquestion',
    {
      access: ADMIN,
      summary: 'Put an archived question back on the donor form',
      body: restoreQuestionBody,
      answer: customQuestion,
      message: MSG.QUESTION_RESTORED,
    },
    (auth, b, ip) => service.restoreQuestion(deps, auth, b.question_id, ip),
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

  postCall(
    app,
    '/submitcustomizedanswers',
    {
      access: FORM,
      summary: "Save the donor's answers on one tab (400 with data.answers per question id)",
      body: submitAnswersBody,
      answer: z.object({ saved: z.number() }),
      message: MSG.ANSWERS_SAVED,
    },
    async (auth, b, ip) => ({ saved: await service.submitAnswers(deps, auth, b, ip) }),
  );
};
