import { DEMO_PASSWORD, ROLE } from '@dm/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { centers, users, zipCodes } from '../db/schema/index.js';
import { hashPassword, type SecretBox } from '../platform/crypto.js';
import { type Db, queryRows } from '../platform/db.js';
import type { FileStorage } from '../platform/storage.js';
import { insertRows, withSearchRowsAfter } from './bulk.js';
import { generateDonor } from './generate.js';
import { type GeneratedDonor, type GenerationContext, setSearchDocument } from './generated.js';
import { CENTER_WEIGHTS, SYNTHETIC_ZIPCODES } from './words.js';
import { type WriteDeps, writeDonorProfiles } from './write.js';

/** Reads the centers, zip codes and managers the generator draws from. */
export async function loadGenerationContext(db: Db, today: Date): Promise<GenerationContext> {
  const centerRows = await db
    .select({ id: centers.id })
    .from(centers)
    .where(inArray(centers.id, Object.keys(CENTER_WEIGHTS).map(Number)));
  if (centerRows.length === 0)
    throw new Error('Synthetic donors need the demo centers: seed the demo data first.');
  const zipRows = await db
    .select({
      zipcode: zipCodes.zipcode,
      city: zipCodes.city,
      state: zipCodes.state,
      latitude: zipCodes.latitude,
      longitude: zipCodes.longitude,
    })
    .from(zipCodes)
    .where(and(eq(zipCodes.country, 'US'), inArray(zipCodes.zipcode, SYNTHETIC_ZIPCODES)));
  if (zipRows.length === 0)
    throw new Error('Synthetic donors need the US zip codes: load the reference data first.');
  const managers = await db
    .select({ id: users.id, centerId: users.centerId })
    .from(users)
    .where(eq(users.role, ROLE.MANAGER))
    .orderBy(users.id);
  const managerByCenter = new Map<number, number>();
  for (const m of managers) if (!managerByCenter.has(m.centerId)) managerByCenter.set(m.centerId, m.id);
  return {
    today,
    centerIds: centerRows.map((c) => c.id).sort((a, b) => a - b),
    zips: new Map(zipRows.sort((a, b) => a.zipcode.localeCompare(b.zipcode)).map((z) => [z.zipcode, z])),
    managerByCenter,
  };
}

/** UTC midnight of the given moment: ages and dates are stable within a day. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export interface SyntheticDonorOptions {
  count: number;
  seed: number;
  storage?: FileStorage;
  /** Defaults to now; tests pin it so the same seed gives the same dates. */
  now?: Date;
  /** Donors generated and written per round (all in one transaction). */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Adds `count` synthetic donors (users donor{n}@synthetic.test, role donor, password the demo
 * password) after any already present, so running it twice adds more rather than failing.
 */
export async function seedSyntheticDonors(
  db: Db,
  secrets: SecretBox,
  opts: SyntheticDonorOptions,
): Promise<{ created: number; first: number; last: number }> {
  const today = startOfUtcDay(opts.now ?? new Date());
  const ctx = await loadGenerationContext(db, today);
  const [{ max }] = (await queryRows<{ max: number | null }>(
    db,
    sql`select max(substring(username from '^donor([0-9]+)@synthetic[.]test$')::int) as max
        from users where username like 'donor%@synthetic.test'`,
  )) as [{ max: number | null }];
  const first = (max ?? 0) + 1;
  // One argon2 hash shared by all: hashing per donor would take minutes and prove nothing.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const batchSize = opts.batchSize ?? 2_000;
  // One transaction: the search rows are written once at the end (withSearchRowsAfter), and a
  // failed seed leaves no half-written donors.
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await withSearchRowsAfter(txDb, async () => {
      const donorIds: number[] = [];
      const generate = (start: number) => {
        const batch: GeneratedDonor[] = [];
        for (let n = first + start; n < first + Math.min(opts.count, start + batchSize); n++)
          batch.push(generateDonor(opts.seed, n, ctx));
        return batch;
      };
      let next: GeneratedDonor[] | null = null;
      for (let start = 0; start < opts.count; start += batchSize) {
        const generated = next ?? generate(start);
        next = null;
        const inserted = await insertRows<typeof users, { id: number; username: string }>(
          txDb,
          users,
          generated.map((g) => ({
            ...g.user,
            role: ROLE.DONOR,
            status: 'Active',
            centerId: g.donor.centerId,
            country: 'United States',
            passwordHash,
            eulaAcceptedAt: g.user.createdAt,
            updatedAt: g.user.createdAt,
          })),
          ['id', 'username'],
        );
        const ids = new Map(inserted.map((u) => [u.username, u.id]));
        const items = generated.map((g) => ({ userId: ids.get(g.user.username)!, donor: g }));
        // The next donors are generated while the database writes these.
        await writeDonorProfiles(txDb, items, { secrets, storage: opts.storage }, () => {
          if (start + batchSize < opts.count) next = generate(start + batchSize);
        });
        for (const item of items) donorIds.push(item.userId);
        opts.onProgress?.(Math.min(opts.count, start + batchSize), opts.count);
      }
      return donorIds;
    });
  });
  return { created: opts.count, first, last: first + opts.count - 1 };
}

/** The seed the demo donor's profile is drawn from. */
export const DEMO_DONOR_SEED = 1001;

/**
 * Gives an existing demo donor account a complete profile through the same generator: the
 * account's own name, center, availability and ids win over the generated ones.
 */
export async function writeDemoDonorProfile(
  db: Db,
  account: {
    userId: number;
    centerId: number;
    firstName: string;
    lastName: string;
    availability: string;
    preFormStatus: number | null;
    displayId: string;
  },
  deps: WriteDeps & { now?: Date },
): Promise<void> {
  const ctx = await loadGenerationContext(db, startOfUtcDay(deps.now ?? new Date()));
  const generated = generateDonor(DEMO_DONOR_SEED, 0, { ...ctx, centerIds: [account.centerId] });
  generated.user = { ...generated.user, firstName: account.firstName, lastName: account.lastName };
  generated.donor = {
    ...generated.donor,
    centerId: account.centerId,
    availability: account.availability,
    preFormStatus: account.preFormStatus,
    displayId: account.displayId,
    agencyDisplayId: account.displayId,
  };
  setSearchDocument(generated);
  await writeDonorProfiles(db, [{ userId: account.userId, donor: generated }], deps);
}
