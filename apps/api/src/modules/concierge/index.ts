// The concierge module's front door: what the wiring uses of it.

export { conciergeRoutes } from './concierge.routes.js';
