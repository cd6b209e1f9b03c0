// The questions module's front door: what other modules may use of it.
export { questionsRoutes } from './questions.routes.js';
// Who reads which answers, as a condition other modules' queries of answers include.
export { type AnswerVisibilityKind, answerVisibilityOf } from './questions.repo.js';
