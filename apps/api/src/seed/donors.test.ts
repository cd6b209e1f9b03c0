import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ageFrom,
  bmi,
  cmToFeetInches,
  ETHNICITIES,
  feetInchesToCm,
  HEIGHT_CM_MAX,
  HEIGHT_CM_MIN,
  kgToLb,
  lbToKg,
  MAX_ETHNICITY_COUNT,
  MAX_RACE_COUNT,
  percentagesComplete,
  RACES,
  SSN_LENGTH,
} from '@dm/shared';
import { asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  donorCustomAnswers,
  donorDiseases,
  donorDocuments,
  donorEducationRecords,
  donorEthnicities,
  donorExamScores,
  donorFamilyHistory,
  donorFamilyMembers,
  donorPictures,
  donorProfiles,
  donorRaces,
  donorReferrals,
  donors,
  users,
  zipCodes,
} from '../db/schema/index.js';
import { SecretBox } from '../platform/crypto.js';
import { queryRows } from '../platform/db.js';
import { LocalDiskStorage } from '../platform/storage.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { loadGenerationContext, seedSyntheticDonors, startOfUtcDay } from './donors.js';
import { generateDonor } from './generate.js';

describe('unit conversions', () => {
  it('converts feet and inches to cm with the spec factors', () => {
    expect(feetInchesToCm(5, 6)).toBe(167.64);
    expect(feetInchesToCm(4, 0)).toBe(121.92);
    expect(feetInchesToCm(6, 11)).toBe(210.82);
    expect(feetInchesToCm(0, 1)).toBe(2.54);
  });

  it('rounds cm to the nearest whole inch, rolling 12 inches into a foot', () => {
    expect(cmToFeetInches(167.64)).toEqual({ feet: 5, inches: 6 });
    expect(cmToFeetInches(182.5)).toEqual({ feet: 6, inches: 0 });
    expect(cmToFeetInches(120)).toEqual({ feet: 3, inches: 11 });
  });

  it('round-trips every feet/inch height in the search range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 6 }), fc.integer({ min: 0, max: 11 }), (feet, inches) => {
        expect(cmToFeetInches(feetInchesToCm(feet, inches))).toEqual({ feet, inches });
      }),
    );
  });

  it('converts pounds and kilograms with 2.2046', () => {
    expect(lbToKg(2.2046)).toBe(1);
    expect(kgToLb(60)).toBe(132.28);
    expect(lbToKg(132)).toBe(59.87);
    fc.assert(
      fc.property(fc.integer({ min: 80, max: 400 }), (lb) => {
        expect(Math.abs(kgToLb(lbToKg(lb)) - lb)).toBeLessThan(0.02);
      }),
    );
  });

  it('computes BMI from kg and cm', () => {
    expect(bmi(60, 165)).toBe(22);
    expect(bmi(70, 170)).toBe(24.2);
  });

  it('counts age in completed years, the birthday itself included', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(ageFrom('2000-03-15', now)).toBe(26);
    expect(ageFrom('2000-03-16', now)).toBe(25);
    expect(ageFrom('2000-02-29', now)).toBe(26);
    expect(ageFrom(new Date('2007-12-31T00:00:00Z'), now)).toBe(18);
  });

  it('checks race and ethnicity percentages: total 100, at most the maximum count', () => {
    expect(percentagesComplete([{ percentage: 50 }, { percentage: 50 }], 4)).toBe(true);
    expect(percentagesComplete([{ percentage: 75 }, { percentage: 15 }], 4)).toBe(false);
    expect(
      percentagesComplete(
        Array.from({ length: 5 }, () => ({ percentage: 20 })),
        4,
      ),
    ).toBe(false);
    expect(percentagesComplete([], 4)).toBe(false);
  });
});

const SECRET = 'donor-seed-test-secret-0123456789abcdef';
const NOW = new Date('2026-02-01T10:00:00Z');
const COUNT = 60;

describe('synthetic donors', () => {
  let t: TestApp;
  let uploads: string;
  const secrets = new SecretBox(SECRET);

  beforeAll(async () => {
    t = await startTestApp();
    uploads = mkdtempSync(path.join(tmpdir(), 'dm-uploads-'));
    // Start from none: the test template carries its own synthetic donors (another seed and secret).
    await t.db.delete(users).where(like(users.username, 'donor%@synthetic.test'));
    await seedSyntheticDonors(t.db, secrets, {
      count: COUNT,
      seed: 42,
      now: NOW,
      batchSize: 25,
      storage: new LocalDiskStorage(uploads),
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const syntheticIds = async () =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(like(users.username, 'donor%@synthetic.test'))
        .orderBy(asc(users.id))
    ).map((u) => u.id);

  it('creates donor users with unique usernames, spread across the demo centers', async () => {
    const rows = await t.db
      .select({ username: users.username, role: users.role, centerId: donors.centerId })
      .from(users)
      .innerJoin(donors, eq(donors.userId, users.id))
      .where(like(users.username, 'donor%@synthetic.test'));
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((r) => r.username)).size).toBe(COUNT);
    expect(rows.every((r) => r.role === 2)).toBe(true);
    expect(new Set(rows.map((r) => r.centerId)).size).toBeGreaterThanOrEqual(4);
  });

  it('gives every donor a complete, plausible profile', async () => {
    const ids = await syntheticIds();
    const rows = await t.db.select().from(donors).where(inArray(donors.userId, ids));
    const perDonor = async (table: PgTable) => {
      const result = await queryRows<{ donor_id: number; n: number }>(
        t.db,
        sql`select donor_id, count(*)::int as n from ${table} group by donor_id`,
      );
      return new Map(result.map((r) => [r.donor_id, r.n]));
    };
    const tables = {
      profiles: await perDonor(donorProfiles),
      referrals: await perDonor(donorReferrals),
      familyMembers: await perDonor(donorFamilyMembers),
      familyHistory: await perDonor(donorFamilyHistory),
      diseases: await perDonor(donorDiseases),
      education: await perDonor(donorEducationRecords),
      exams: await perDonor(donorExamScores),
      pictures: await perDonor(donorPictures),
      documents: await perDonor(donorDocuments),
      customAnswers: await perDonor(donorCustomAnswers),
    };
    const races = await t.db.select().from(donorRaces).where(inArray(donorRaces.donorId, ids));
    const ethnicities = await t.db
      .select()
      .from(donorEthnicities)
      .where(inArray(donorEthnicities.donorId, ids));
    const defaults = await t.db
      .select({ donorId: donorPictures.donorId })
      .from(donorPictures)
      .where(eq(donorPictures.isDefault, true));

    for (const d of rows) {
      for (const [name, map] of Object.entries(tables)) {
        expect(map.get(d.userId) ?? 0, `${name} of donor ${d.userId}`).toBeGreaterThan(0);
      }
      expect(defaults.filter((p) => p.donorId === d.userId)).toHaveLength(1);
      const own = races.filter((r) => r.donorId === d.userId);
      const ownEth = ethnicities.filter((e) => e.donorId === d.userId);
      expect(percentagesComplete(own, MAX_RACE_COUNT)).toBe(true);
      expect(percentagesComplete(ownEth, MAX_ETHNICITY_COUNT)).toBe(true);
      expect(own.every((r) => (RACES as readonly string[]).includes(r.name))).toBe(true);
      expect(ownEth.every((e) => (ETHNICITIES as readonly string[]).includes(e.name))).toBe(true);
      expect(d.heightCm).toBeGreaterThanOrEqual(HEIGHT_CM_MIN);
      expect(d.heightCm).toBeLessThanOrEqual(HEIGHT_CM_MAX);
      const age = ageFrom(d.dateOfBirth!, NOW);
      expect(age).toBeGreaterThanOrEqual(19);
      expect(age).toBeLessThanOrEqual(38);
      expect(d.bmi).toBeGreaterThan(17);
      expect(d.bmi).toBeLessThan(31);
      expect(d.agencyDisplayId).toBeTruthy();
      expect(d.searchDocument).toContain(d.displayId!.toLowerCase());
      expect(d.previousDonor).toBe(d.donationCount > 0);
      expect(d.latitude).not.toBeNull();
    }
    // Mostly Available, as at a working agency.
    const available = rows.filter((d) => d.availability === 'Available').length;
    expect(available / rows.length).toBeGreaterThan(0.45);
  });

  it('stores the SSN as ciphertext that opens to 9 digits', async () => {
    const ids = await syntheticIds();
    const profiles = await t.db
      .select({ ssn: donorProfiles.ssnEncrypted })
      .from(donorProfiles)
      .where(inArray(donorProfiles.donorId, ids));
    expect(profiles).toHaveLength(COUNT);
    for (const p of profiles) {
      expect(p.ssn).toMatch(/^v1:/);
      expect(p.ssn).not.toMatch(/^v1:.*\d{9}/);
      expect(secrets.open(p.ssn!)).toMatch(new RegExp(`^\\d{${SSN_LENGTH}}$`));
    }
  });

  it('places donors at zip codes that exist, with their coordinates', async () => {
    const rows = await queryRows<{ missing: number; mismatched: number }>(
      t.db,
      sql`select count(*) filter (where z.zipcode is null)::int as missing,
                 count(*) filter (where z.latitude <> d.latitude or z.longitude <> d.longitude)::int as mismatched
          from ${donors} d left join ${zipCodes} z on z.country = 'US' and z.zipcode = d.zipcode
          where d.user_id in (select id from ${users} where username like 'donor%@synthetic.test')`,
    );
    expect(rows[0]).toEqual({ missing: 0, mismatched: 0 });
  });

  it('writes the search rows and facts the triggers would (touching every row through them changes nothing)', async () => {
    // The seed writes donor_search in one statement after the load, with the copy trigger off.
    const synthetic = sql`(select id from ${users} where username like 'donor%@synthetic.test')`;
    const snapshot = async () => ({
      search: await queryRows<{ row: unknown }>(
        t.db,
        sql`select to_jsonb(s) - 'changed_xid' as row from donor_search s
            where s.user_id in ${synthetic} order by s.user_id`,
      ),
      donors: await queryRows<{ row: unknown }>(
        t.db,
        sql`select jsonb_build_array(user_id, archived, race_names, main_race, race_card, ethnicity_names,
                   main_ethnicity, ethnicity_card, search_vector::text) as row
            from ${donors} where user_id in ${synthetic} order by user_id`,
      ),
    });
    const before = await snapshot();
    expect(before.search).toHaveLength(COUNT);
    // Each trigger recomputes what it keeps: the race and ethnicity facts, the best scores and
    // GPA, the words, and the copy of the donor's columns (a real change, then undone).
    await t.db.execute(sql`update donor_races set position = position where donor_id in ${synthetic}`);
    await t.db.execute(sql`update donor_ethnicities set position = position where donor_id in ${synthetic}`);
    await t.db.execute(sql`update donor_exam_scores set score = score where donor_id in ${synthetic}`);
    await t.db.execute(sql`update donor_education_records set gpa = gpa where donor_id in ${synthetic}`);
    await t.db.execute(sql`update ${donors} set views_count = views_count + 1 where user_id in ${synthetic}`);
    await t.db.execute(
      sql`update ${donors} set views_count = views_count - 1, search_document = search_document
          where user_id in ${synthetic}`,
    );
    const after = await snapshot();
    expect(after.search).toEqual(before.search);
    expect(after.donors).toEqual(before.donors);
  });

  it('writes the photos as PNG files through the storage layer', async () => {
    const storage = new LocalDiskStorage(uploads);
    const [picture] = await t.db
      .select()
      .from(donorPictures)
      .where(inArray(donorPictures.donorId, await syntheticIds()))
      .limit(1);
    expect(picture!.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]+\.png$/);
    const bytes = await storage.read(picture!.storageKey);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBe(picture!.sizeBytes);
    const [doc] = await t.db
      .select()
      .from(donorDocuments)
      .where(inArray(donorDocuments.donorId, await syntheticIds()))
      .limit(1);
    expect((await storage.read(doc!.storageKey)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('is deterministic: the same seed and day give the same donors', async () => {
    const ctx = await loadGenerationContext(t.db, startOfUtcDay(NOW));
    const strip = (n: number) => {
      const d = generateDonor(42, n, ctx);
      return JSON.stringify(d, (key, value) =>
        Buffer.isBuffer(value) || key === 'file' ? undefined : value,
      );
    };
    for (const n of [1, 17, 60]) expect(strip(n)).toBe(strip(n));
    expect(strip(1)).not.toBe(strip(2));
    expect(JSON.stringify(generateDonor(42, 5, ctx).pictures[0]!.file)).toBe(
      JSON.stringify(generateDonor(42, 5, ctx).pictures[0]!.file),
    );

    // What was written matches what the generator gives for that donor number.
    const [row] = await t.db
      .select({ donor: donors, username: users.username, firstName: users.firstName })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(eq(users.username, 'donor17@synthetic.test'));
    const expected = generateDonor(42, 17, ctx);
    expect(row!.firstName).toBe(expected.user.firstName);
    expect(row!.donor.dateOfBirth).toBe(expected.donor.dateOfBirth);
    expect(row!.donor.heightCm).toBe(expected.donor.heightCm);
    expect(row!.donor.zipcode).toBe(expected.donor.zipcode);
    const races = await t.db
      .select({ name: donorRaces.name, percentage: donorRaces.percentage })
      .from(donorRaces)
      .where(eq(donorRaces.donorId, row!.donor.userId))
      .orderBy(asc(donorRaces.position));
    expect(races).toEqual(expected.races.map((r) => ({ name: r.name, percentage: r.percentage })));
  });

  it('adds after existing synthetic donors when run again', async () => {
    const result = await seedSyntheticDonors(t.db, secrets, { count: 2, seed: 42, now: NOW });
    expect(result).toEqual({ created: 2, first: COUNT + 1, last: COUNT + 2 });
    expect(await syntheticIds()).toHaveLength(COUNT + 2);
  });

  it('gives the demo donor a complete profile and keeps her login state', async () => {
    const [demo] = await t.db
      .select({ donor: donors, profile: donorProfiles })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .innerJoin(donorProfiles, eq(donorProfiles.donorId, donors.userId))
      .where(eq(users.username, 'donor@demo.test'));
    expect(demo!.donor).toMatchObject({
      availability: 'Available',
      preFormStatus: 1,
      displayId: 'D-1001',
      centerId: 1,
    });
    expect(demo!.donor.searchDocument).toContain('d-1001');
    expect(demo!.donor.searchDocument).not.toContain('dana');
    expect(demo!.donor.searchVector).toContain("'dana':1A");
    const races = await t.db.select().from(donorRaces).where(eq(donorRaces.donorId, demo!.donor.userId));
    expect(percentagesComplete(races, MAX_RACE_COUNT)).toBe(true);
    const members = await t.db
      .select()
      .from(donorFamilyMembers)
      .where(eq(donorFamilyMembers.donorId, demo!.donor.userId));
    expect(members.length).toBeGreaterThanOrEqual(6);
    // The new donor stays a bare account.
    const [fresh] = await t.db
      .select({ donor: donors })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(eq(users.username, 'newdonor@demo.test'));
    expect(fresh!.donor).toMatchObject({ availability: 'Invited', preFormStatus: null, dateOfBirth: null });
  });

  it('deletes every child row with the donor', async () => {
    const [id] = await syntheticIds();
    await t.db.delete(users).where(eq(users.id, id!));
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select (select count(*) from ${donorProfiles} where donor_id = ${id})
               + (select count(*) from ${donorRaces} where donor_id = ${id})
               + (select count(*) from ${donorFamilyMembers} where donor_id = ${id})
               + (select count(*) from ${donorPictures} where donor_id = ${id}) as n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
  });
});
