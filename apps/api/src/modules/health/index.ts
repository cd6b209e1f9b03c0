// The health module's front door: what other modules may use of it.

export { healthRoutes } from './health.routes.js';
