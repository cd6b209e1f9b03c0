// The preform module's front door: what other modules may use of it.
export { preformRoutes } from './preform.routes.js';
