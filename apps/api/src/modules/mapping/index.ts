// The mapping module's front door: what other modules may use of it.

// A donor import looks up, records and links the values it could not read as app values.
export { addRace, awaitingForImport, linkDonor, mappingFor } from './mapping.repo.js';
export { mappingRoutes } from './mapping.routes.js';
