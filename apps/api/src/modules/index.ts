import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../app.js';
import { healthRoutes } from './health/health.routes.js';

/** Each domain registers its routes here, under /api. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await api.register(healthRoutes, deps);
}
