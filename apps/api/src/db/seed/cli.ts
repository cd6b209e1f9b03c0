import { parseArgs } from 'node:util';
import { loadConfig } from '../../platform/config.js';
import { migrate, openDatabase } from '../../platform/db.js';
import { seedIfEmpty } from './index.js';

/** `npm run seed`: migrates and seeds the configured database (DATABASE_URL or DATA_DIR). */
const { values } = parseArgs({ options: { donors: { type: 'string' } }, strict: true });
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const seeded = await seedIfEmpty(database.db, { demo: true });
  console.log(seeded ? 'Demo data seeded.' : 'Database already has data; demo seed skipped.');
  if (values.donors !== undefined) {
    console.error('Synthetic donors come with the donor profile feature (not built yet).');
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
