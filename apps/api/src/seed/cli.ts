import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.js';
import { SecretBox } from '../platform/crypto.js';
import { migrate, openDatabase } from '../platform/db.js';
import { vacuumAnalyze } from '../platform/db-maintenance.js';
import { openFileStorage } from '../platform/storage-config.js';
import { seedSyntheticDonors } from './donors.js';
import { seedIfEmpty } from './index.js';

/**
 * `npm run seed`: migrates and seeds the configured database (DATABASE_URL or DATA_DIR).
 * `npm run seed -- --donors N [--seed S]` then adds N synthetic donors (photos under
 * the configured file store, DATA_DIR/uploads by default); the same seed always gives the same donors.
 */
const { values } = parseArgs({
  options: { donors: { type: 'string' }, seed: { type: 'string' } },
  strict: true,
});
const count = values.donors === undefined ? 0 : Number(values.donors);
const seed = values.seed === undefined ? 1 : Number(values.seed);
if (!Number.isInteger(count) || count < 0 || !Number.isInteger(seed)) {
  console.error('Usage: npm run seed -- [--donors N] [--seed S] (whole numbers)');
  process.exit(1);
}
const config = loadConfig();
const secrets = new SecretBox(config.appSecret);
const storage = await openFileStorage(config);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
try {
  await migrate(database);
  const seeded = await seedIfEmpty(database.db, { demo: true, secrets, storage, donors: config.seedDonors });
  console.log(seeded ? 'Demo data seeded.' : 'Database already has data; demo seed skipped.');
  if (count > 0) {
    const started = performance.now();
    const result = await seedSyntheticDonors(database.db, secrets, {
      count,
      seed,
      storage,
      onProgress: (done, total) => process.stdout.write(`\r${done}/${total} donors`),
    });
    await vacuumAnalyze(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `\nAdded ${result.created} synthetic donors (donor${result.first}..donor${result.last}@synthetic.test) in ${seconds} s.`,
    );
  }
} finally {
  await database.close();
}
