import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db.js';

export interface JobRunner {
  stop(): Promise<void>;
}

/** Background work of this process (mail delivery, clean-up). Filled in by the mail module. */
export function startJobs(_deps: { db: Db; config: Config; log: FastifyBaseLogger }): JobRunner {
  return { stop: async () => {} };
}
