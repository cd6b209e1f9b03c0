import type { Db } from '../../platform/db.js';
import { isEmpty, seedDemo } from './demo.js';
import type { WriteDeps } from './donors.js';
import { loadReferenceData } from './reference.js';

/** First start: reference data, then the demo data when the database has no centers yet. */
export async function seedIfEmpty(
  db: Db,
  opts: { demo: boolean; onlyCountries?: readonly string[] } & WriteDeps,
): Promise<boolean> {
  await loadReferenceData(db, opts.onlyCountries);
  if (!opts.demo || !(await isEmpty(db))) return false;
  await seedDemo(db, { secrets: opts.secrets, storage: opts.storage });
  return true;
}
