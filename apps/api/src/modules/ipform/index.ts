// The ipform module's front door: what other modules may use of it.

export { ipformRoutes } from './ipform.routes.js';
