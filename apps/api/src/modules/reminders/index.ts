// The reminders module's front door: what the wiring uses of it.

export { donorReminderJob, type ReminderJobDeps } from './reminders.jobs.js';
export { remindersRoutes } from './reminders.routes.js';
