// One contract per module: each endpoint declared once, for the server's route and the web's call.

export { agenciesContract } from './agencies.js';
export { agencyApiContract } from './agency-api.js';
export { agencySettingsContract } from './agency-settings.js';
export { auditContract } from './audit.js';
export { coachingContract } from './coaching.js';
export { conciergeContract } from './concierge.js';
export { cronContract } from './cron.js';
export { dexiContract } from './dexi.js';
export { educationContract } from './education.js';
export { emailTemplatesContract } from './email-templates.js';
export { geneticsContract } from './genetics.js';
export { healthContract } from './health.js';
export { ipformContract } from './ipform.js';
export { mappingContract } from './mapping.js';
export { notificationsContract } from './notifications.js';
export { preformContract } from './preform.js';
export { profileContract } from './profile.js';
export { profilePictureContract } from './profile-picture.js';
export { questionsContract } from './questions.js';
export { remindersContract } from './reminders.js';
export { siteTourContract } from './site-tour.js';
export { statisticsContract } from './statistics.js';
