// The cron module's front door: what the wiring uses of it.

export { cronRoutes } from './cron.routes.js';
