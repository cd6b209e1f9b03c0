import { SecretBox } from '../platform/crypto.js';
import { type Database, migrate, openDatabase } from '../platform/db.js';
import { LocalDiskStorage, uploadsDir } from '../platform/storage.js';
import { seedIfEmpty } from '../seed/index.js';

/** The secret and data folder every test app uses, so the template's SSNs and files open there. */
export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';
export const TEST_DATA_DIR = '/tmp/dm-test-data';
/** Synthetic donors in every test database (donor1..donor240@synthetic.test, seed 1). */
export const TEST_SYNTHETIC_DONORS = 240;

/** Countries loaded into test databases: enough for every reference-data rule, fast to clone. */
export const TEST_COUNTRIES = ['US', 'CA', 'GB', 'IN'] as const;

/** Migrates and seeds `database`, storing the seed's pictures and documents under `dataDir`. */
export async function buildTemplate(database: Database, dataDir = TEST_DATA_DIR): Promise<void> {
  await migrate(database);
  await seedIfEmpty(database.db, {
    demo: true,
    onlyCountries: TEST_COUNTRIES,
    donors: TEST_SYNTHETIC_DONORS,
    secrets: new SecretBox(TEST_SECRET),
    storage: new LocalDiskStorage(uploadsDir(dataDir)),
  });
}

export async function openAdmin(url: string): Promise<Database> {
  return openDatabase({ databaseUrl: url });
}
