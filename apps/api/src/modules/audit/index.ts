// The audit module's front door: what other modules may use of it.
export { auditRoutes } from './audit.routes.js';
