import {
  MSG,
  type PageKey,
  questionStatusBody,
  restoreQuestionBody,
  saveQuestionBody,
  submitAnswersBody,
  updateQuestionBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import { customQuestion, donorIdParams, donorQuestion } from './questions.schemas.js';
import * as service from './questions.service.js';

/** Question administration is the agency admin's; answers belong to whoever fills the donor form. */
const ADMIN: readonly PageKey[] = ['customizedquestions'];
const FORM: readonly PageKey[] = ['donorform'];

export const questionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  callRoutes(app, deps, ADMIN, [
    [
      '/getuserquestions',
      "The agency's customised questions (archived ones have isActive false)",
      null,
      z.array(customQuestion),
      undefined,
      service.listQuestions,
    ],
    [
      '/savecustomizedquestion',
      'Add a question (duplicates and option rules answer 400)',
      saveQuestionBody,
      customQuestion,
      MSG.QUESTION_SAVED,
      service.saveQuestion,
    ],
    [
      '/updatequestiondetails',
      'Edit a question',
      updateQuestionBody,
      customQuestion,
      MSG.QUESTION_SAVED,
      service.updateQuestion,
    ],
    [
      '/updatecustomizedquestionstatus',
      'Archive a question, or set who reads its answers (public, staff, private)',
      questionStatusBody,
      customQuestion,
      (b) => (b.status === 'archive' ? MSG.QUESTION_ARCHIVED : MSG.QUESTION_STATUS_SAVED),
      service.setQuestionStatus,
    ],
    [
      '/restorecustomizedquestion',
      'Put an archived question back on the donor form',
      restoreQuestionBody,
      customQuestion,
      MSG.QUESTION_RESTORED,
      (d, auth, b, ip) => service.restoreQuestion(d, auth, b.question_id, ip),
    ],
  ]);

  jsonRoute(app, 'GET /getcustomizedquestiondetails/:id', FORM, {
    summary: "The active questions of the donor's agency with the donor's answers",
    params: donorIdParams,
    data: z.array(donorQuestion),
    run: (auth, { params }) => service.donorQuestions(deps, auth, params.id),
  });

  callRoutes(app, deps, FORM, [
    [
      '/submitcustomizedanswers',
      "Save the donor's answers on one tab (400 with data.answers per question id)",
      submitAnswersBody,
      z.object({ saved: z.number() }),
      MSG.ANSWERS_SAVED,
      async (d, auth, b, ip) => ({ saved: await service.submitAnswers(d, auth, b, ip) }),
    ],
  ]);
};
