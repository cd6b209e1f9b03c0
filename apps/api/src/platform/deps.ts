import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { SecretBox } from './crypto.js';
import type { Database } from './db.js';
import type { MailTransportFactory } from './mail-transport.js';
import type { Readiness } from './readiness.js';
import type { Realtime } from './realtime.js';
import type { FileStorage } from './storage.js';

/**
 * What route plugins and services receive from the wiring (app.ts builds it). Modules import
 * this type from here, never from app.ts, so no module depends on the file that imports them all.
 */
export interface ModuleDeps {
  db: Database['db'];
  database: Database;
  config: Config;
  clock: Clock;
  secrets: SecretBox;
  mailTransport: MailTransportFactory;
  /** Pushes events to browsers after a commit (platform/realtime.ts). */
  realtime: Realtime;
  /** Every uploaded and generated file: the store FILE_STORAGE configures (platform/storage-config.ts). */
  storage: FileStorage;
  /** This process's start and stop steps, for GET /api/health/ready (platform/readiness.ts). */
  readiness: Readiness;
}
