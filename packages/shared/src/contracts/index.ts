// One contract per module: each endpoint declared once, for the server's route and the web's call.

export { auditContract } from './audit.js';
export { geneticsContract } from './genetics.js';
export { questionsContract } from './questions.js';
export { statisticsContract } from './statistics.js';
