// The profile module's front door: what other modules may use of it.

export { profileRoutes } from './profile.routes.js';
