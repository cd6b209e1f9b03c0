import { questionsContract as api, MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './questions.service.js';

export const questionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.list, { run: (auth) => service.listQuestions(deps, auth) });
  route(app, api.save, {
    run: (auth, { body, ip }) => service.saveQuestion(deps, auth, body, ip),
    message: MSG.QUESTION_SAVED,
  });
  route(app, api.update, {
    run: (auth, { body, ip }) => service.updateQuestion(deps, auth, body, ip),
    message: MSG.QUESTION_SAVED,
  });
  route(app, api.setStatus, {
    run: (auth, { body, ip }) => service.setQuestionStatus(deps, auth, body, ip),
    message: (_answer, { body }) =>
      body.status === 'archive' ? MSG.QUESTION_ARCHIVED : MSG.QUESTION_STATUS_SAVED,
  });
  route(app, api.restore, {
    run: (auth, { body, ip }) => service.restoreQuestion(deps, auth, body.question_id, ip),
    message: MSG.QUESTION_RESTORED,
  });
  route(app, api.donorAnswers, { run: (auth, { params }) => service.donorQuestions(deps, auth, params.id) });
  route(app, api.submitAnswers, {
    run: async (auth, { body, ip }) => ({ saved: await service.submitAnswers(deps, auth, body, ip) }),
    message: MSG.ANSWERS_SAVED,
  });
};
