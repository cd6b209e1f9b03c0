// The agency-settings module's front door: what other modules may use of it.

// The fee question's options, which the donor form's fee tab offers.
export { feeOptionsOf } from './agency-settings.repo.js';
export { agencySettingsRoutes } from './agency-settings.routes.js';
