// The site tour module's front door: what the wiring uses of it.

export { siteTourRoutes } from './site-tour.routes.js';
