import type { FastifyBaseLogger } from 'fastify';
import { startDonorImports } from '../modules/staff-donors/staff-donors.import.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { SecretBox } from './crypto.js';
import type { Db } from './db.js';
import { startMailDelivery } from './mail-delivery.js';
import { type MailTransportFactory, smtpTransportFactory } from './mail-transport.js';

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Background work of this process: mail delivery and donor imports. Secrets and the transport default to what
 * buildApp uses for the same config.
 */
export function startJobs(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  secrets?: SecretBox;
  mailTransport?: MailTransportFactory;
  clock?: Clock;
}): JobRunner {
  const mail = startMailDelivery({
    db: deps.db,
    config: deps.config,
    log: deps.log,
    clock: deps.clock,
    secrets: deps.secrets ?? new SecretBox(deps.config.appSecret),
    mailTransport: deps.mailTransport ?? smtpTransportFactory,
  });
  const imports = startDonorImports({ db: deps.db, log: deps.log, clock: deps.clock });
  return {
    stop: async () => {
      await Promise.all([mail.stop(), imports.stop()]);
    },
  };
}
