// The dexi module's front door: what the wiring uses of it.

export { type DexiJobDeps, dexiRunJob } from './dexi.jobs.js';
export { dexiRoutes } from './dexi.routes.js';
