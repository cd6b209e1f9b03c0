// The education module's front door: what the wiring uses of it.

export { educationRoutes } from './education.routes.js';
