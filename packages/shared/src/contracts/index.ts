// One contract per module: each endpoint declared once, for the server's route and the web's call.
export { conciergeContract } from './concierge.js';
export { cronContract } from './cron.js';
export { dexiContract } from './dexi.js';
export { educationContract } from './education.js';
export { mappingContract } from './mapping.js';
export { notificationsContract } from './notifications.js';
export { questionsContract } from './questions.js';
export { remindersContract } from './reminders.js';
export { siteTourContract } from './site-tour.js';
