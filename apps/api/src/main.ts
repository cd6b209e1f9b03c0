import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.js';
import { moduleJobs } from './modules/index.js';
import { donorSearchIndex } from './modules/search/search.index.js';
import { loadConfig } from './platform/config.js';
import { SecretBox } from './platform/crypto.js';
import { migrate, openDatabase } from './platform/db.js';
import { dbMaintenanceJob } from './platform/db-maintenance.js';
import { startJobRunner } from './platform/jobs/runner.js';
import { errorSummary } from './platform/log-safe.js';
import { mailDeliveryJob } from './platform/mail-delivery.js';
import { smtpTransportFactory } from './platform/mail-transport.js';
import {
  boundHeapGrowth,
  keepGarbageYoung,
  QUIET_AFTER_LOAD_MS,
  releaseUnusedMemory,
} from './platform/memory.js';
import { Readiness } from './platform/readiness.js';
import { gracefulShutdown } from './platform/shutdown.js';
import { textDeliveryJob } from './platform/sms-delivery.js';
import { underStartLock } from './platform/start-lock.js';
import { openFileStorage } from './platform/storage-config.js';
import { seedIfEmpty } from './seed/index.js';

/** The wait before loading the search index again after a failed load. */
const SEARCH_INDEX_RETRY_MS = 5000;

keepGarbageYoung();
const config = loadConfig();
/** The app's logger once it exists; the database may lose a connection before (during the seed). */
let log: FastifyBaseLogger | null = null;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
  poolSize: config.databasePoolSize,
  onConnectionLost: (description) => {
    if (log) log.warn({ database: description }, 'database connection lost; the pool opens a new one');
    else console.warn(`Database connection lost (${description})`);
  },
});
// One store for the seed and every request of this process.
const storage = await openFileStorage(config);
const readiness = new Readiness({ ready: false });
// Several processes started at once: one migrates and seeds, the others wait for it (start-lock.ts).
const seeded = await underStartLock(
  database,
  config.databaseUrl,
  async () => {
    await migrate(database);
    return seedIfEmpty(database.db, {
      demo: config.seedDemo,
      secrets: new SecretBox(config.appSecret),
      storage,
      donors: config.seedDonors,
      onProgress: (done, total) => {
        if (done === total || done % 2000 === 0) console.log(`Seeding synthetic donors: ${done}/${total}`);
      },
    });
  },
  { onWait: () => console.log('Another process is migrating or seeding the database: waiting for it') },
);
readiness.markMigrated();

// Requests' garbage from here on: the heap grows at most a fifth past what lives (a first start's
// seed, which only grows its heap, ran without the bound: it took 5 s longer with it).
boundHeapGrowth();

// Log lines go out asynchronously: while one write is under way the next lines gather and leave in
// one write, off the request path (a synchronous write per request line cost a tenth of a cheap
// request's CPU). pino flushes what is left when the process exits.
const app = await buildApp({
  database,
  config,
  storage,
  readiness,
  logger: { stream: pino.destination({ dest: 1, sync: false }) },
});
log = app.log;
// Last resort: every known source handles its failures (requests answer 503, jobs retry on their
// next pass); anything missed is logged rather than ending the process for every other request.
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
if (seeded) app.log.info('Demo data seeded (accounts in README.md, password Demo!2345).');
// Background work of this process: the platform's jobs and each module's (modules/index.ts).
const jobs = startJobRunner(
  [
    mailDeliveryJob({
      db: database.db,
      config,
      log: app.log,
      secrets: new SecretBox(config.appSecret),
      mailTransport: smtpTransportFactory,
    }),
    textDeliveryJob({ db: database.db, config, log: app.log, secrets: new SecretBox(config.appSecret) }),
    ...moduleJobs({ config, secrets: new SecretBox(config.appSecret), realtime: app.realtime }),
    // PostgreSQL vacuums and analyzes by itself; the embedded database needs it done for it.
    ...(database.kind === 'pglite' ? [dbMaintenanceJob()] : []),
  ],
  { db: database.db, log: app.log, onPass: app.metrics?.jobPassed },
);
app.metrics?.watchJobs(() => jobs.dueAges());
await app.listen({ port: config.port, host: config.host });
app.log.info(`Serving on ${config.publicUrl} (${database.kind}, version ${config.version})`);
// The first search would otherwise wait for the whole donor search index to load; the process is
// ready for the load balancer once it has loaded. A failed load (the database away) is tried again.
const warmStart = performance.now();
const warmSearchIndex = (): void => {
  donorSearchIndex(database.db)
    .sync()
    .then(
      () => {
        readiness.markSearchIndexLoaded();
        const { size } = donorSearchIndex(database.db);
        app.log.info(`Search index: ${size} donors in ${Math.round(performance.now() - warmStart)} ms`);
        // A while after the load (and a first start's seed), when a starting server is usually
        // quiet, one full collection frees what they left and, the allocation rate being low by
        // then, lets V8 shrink the young generation the load grew (platform/memory.ts).
        setTimeout(() => {
          const { ms, used, held } = releaseUnusedMemory();
          const mb = (bytes: number) => Math.round(bytes / 1048576);
          app.log.info(
            `Start-up garbage collected in ${Math.round(ms)} ms: heap in use ${mb(used.before)} -> ${mb(used.after)} MB, held ${mb(held.before)} -> ${mb(held.after)} MB`,
          );
        }, QUIET_AFTER_LOAD_MS).unref();
      },
      (error) => {
        app.log.error({ error: errorSummary(error) }, 'Search index did not load; trying again in 5 s');
        if (!readiness.isStopping) setTimeout(warmSearchIndex, SEARCH_INDEX_RETRY_MS).unref();
      },
    );
};
warmSearchIndex();

const shutdown = gracefulShutdown({
  app,
  jobs: [jobs],
  database,
  readiness,
  drainMs: config.shutdownDrainMs,
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
