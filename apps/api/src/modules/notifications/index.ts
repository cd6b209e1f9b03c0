// The notifications module's front door: what other modules may use of it.

export { notificationsRoutes } from './notifications.routes.js';
// The in-app notifications other modules create, and the bell counts pushed once they commit.
export { type Announce, announceAll, type NotificationKind, type NotifyInput, notify } from './notify.js';
