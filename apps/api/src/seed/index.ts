import { EMAIL_TYPES } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { emailTypes } from '../db/schema/index.js';
import { type Db, queryRows } from '../platform/db.js';
import { vacuumAnalyze } from '../platform/db-maintenance.js';
import { loadReferenceData } from './reference.js';
import type { WriteDeps } from './write.js';

/** The seed of the demo's synthetic donors: every fresh demo database has the same ones. */
export const SYNTHETIC_DONOR_SEED = 1;

/** A database without centers has no demo data yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from centers`);
  return row!.count === 0;
}

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
  await syncEmailTypes(db);
  if (!opts.demo || !(await isEmpty(db))) return false;
  // The generators (pictures with sharp, word lists) load only when there is a demo to seed.
  const [{ seedDemo }, { seedSyntheticDonors }, { seedDemoPortfolio }] = await Promise.all([
    import('./demo.js'),
    import('./donors.js'),
    import('./portfolios.js'),
  ]);
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
  // Fresh statistics and visibility map: the first searches plan and count like later ones.
  await vacuumAnalyze(db);
  return true;
}

/**
 * The e-mail types are code (EMAIL_TYPES): every start writes them, so a type added by a release
 * exists in a database seeded before it (templates and the outbox refer to the type ids).
 */
export async function syncEmailTypes(db: Db): Promise<void> {
  await db
    .insert(emailTypes)
    .values(
      EMAIL_TYPES.map((t) => ({
        id: t.id,
        title: t.title,
        placeholders: t.placeholders,
        defaultSubject: t.subject,
        defaultDefinition: t.definition,
        defaultSignature: t.signature,
      })),
    )
    .onConflictDoUpdate({
      target: emailTypes.id,
      set: {
        title: sql`excluded.title`,
        placeholders: sql`excluded.placeholders`,
        defaultSubject: sql`excluded.default_subject`,
        defaultDefinition: sql`excluded.default_definition`,
        defaultSignature: sql`excluded.default_signature`,
      },
    });
}
