// The agency API module's front door: what other modules (and the job list) may use of it.
export { agencyApiRoutes } from './agency-api.routes.js';
export { webhookDeliveryJob } from './webhook-delivery.js';
