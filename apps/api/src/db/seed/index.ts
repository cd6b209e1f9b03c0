import type { Db } from '../../platform/db.js';
import { isEmpty, seedDemo } from './demo.js';
import { seedSyntheticDonors, type WriteDeps } from './donors.js';
import { seedDemoPortfolio } from './portfolios.js';
import { loadReferenceData } from './reference.js';

/** The seed of the demo's synthetic donors: every fresh demo database has the same ones. */
export const SYNTHETIC_DONOR_SEED = 1;

/** First start: reference data, then the demo data when the database has no centers yet. */
export async function seedIfEmpty(
  db: Db,
  opts: {
    demo: boolean;
    onlyCountries?: readonly string[];
    /** Synthetic donors to add after the demo accounts (needs `secrets`). */
    donors?: number;
    onProgress?: (done: number, total: number) => void;
  } & WriteDeps,
): Promise<boolean> {
  await loadReferenceData(db, opts.onlyCountries);
  if (!opts.demo || !(await isEmpty(db))) return false;
  await seedDemo(db, { secrets: opts.secrets, storage: opts.storage });
  if (opts.donors && opts.secrets) {
    await seedSyntheticDonors(db, opts.secrets, {
      count: opts.donors,
      seed: SYNTHETIC_DONOR_SEED,
      storage: opts.storage,
      onProgress: opts.onProgress,
    });
  }
  await seedDemoPortfolio(db);
  return true;
}
