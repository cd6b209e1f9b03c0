// The profile-picture module's front door: what other modules may use of it.

export { profilePictureRoutes } from './profile-picture.routes.js';
