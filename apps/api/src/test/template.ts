import { seedIfEmpty } from '../db/seed/index.js';
import { type Database, migrate, openDatabase } from '../platform/db.js';

/** Countries loaded into test databases: enough for every reference-data rule, fast to clone. */
export const TEST_COUNTRIES = ['US', 'CA', 'GB', 'IN'] as const;

export async function buildTemplate(database: Database): Promise<void> {
  await migrate(database);
  await seedIfEmpty(database.db, { demo: true, onlyCountries: TEST_COUNTRIES });
}

export async function openAdmin(url: string): Promise<Database> {
  return openDatabase({ databaseUrl: url });
}
