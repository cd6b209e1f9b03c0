// One contract per module: each endpoint declared once, for the server's route and the web's call.

export { agencyApiContract } from './agency-api.js';
export { auditContract } from './audit.js';
export { emailTemplatesContract } from './email-templates.js';
export { geneticsContract } from './genetics.js';
export { preformContract } from './preform.js';
export { questionsContract } from './questions.js';
export { statisticsContract } from './statistics.js';
