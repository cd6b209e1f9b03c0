// The genetics module's front door: what other modules may use of it.

export { geneticsRoutes } from './genetics.routes.js';
// The donors whose carrier screening is clear against a parent's: the search's carrier filter.
export { clearDonorIdsFor } from './genetics.service.js';
