// The email-templates module's front door: what other modules may use of it.
export { emailTemplatesRoutes } from './email-templates.routes.js';
