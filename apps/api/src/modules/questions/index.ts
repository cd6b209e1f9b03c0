// The questions module's front door: what other modules may use of it.

// Who reads which answers, as a condition other modules' queries of answers include.
export { type AnswerVisibilityKind, answerVisibilityOf } from './questions.repo.js';
export { questionsRoutes } from './questions.routes.js';
