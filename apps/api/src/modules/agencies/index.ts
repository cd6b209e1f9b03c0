// The agencies module's front door: what other modules may use of it.

export { agenciesRoutes } from './agencies.routes.js';
