// The statistics module's front door: what other modules may use of it.
export { statisticsRoutes } from './statistics.routes.js';
