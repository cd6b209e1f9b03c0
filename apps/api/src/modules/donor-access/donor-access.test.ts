import { ROLE } from '@dm/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  donorEducationRecords,
  donorEthnicities,
  donorExamScores,
  donorRaces,
  donorSearch,
  donors,
  users,
} from '../../db/schema/index.js';
import { type Auth, resolveSession } from '../../platform/auth-context.js';
import { queryRows } from '../../platform/db.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { assertDonorVisible, donorVisibility } from './donor-access.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const authOf = async (username: string): Promise<Auth> =>
  resolveSession(t.db, t.clock, await t.tokenFor(username));

async function visibleDonors(username: string) {
  const auth = await authOf(username);
  return t.db
    .select({
      id: donors.userId,
      centerId: donors.centerId,
      availability: donors.availability,
      status: users.status,
    })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(await donorVisibility(t.db, auth));
}

describe('donorVisibility', () => {
  it('gives the master every donor', async () => {
    const all = await t.db.select({ n: sql<number>`count(*)::int` }).from(donors);
    expect((await visibleDonors('master@demo.test')).length).toBe(all[0]!.n);
  });

  it('limits staff to the centers their center may see', async () => {
    const seen = await visibleDonors('admin85@demo.test');
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((d) => d.centerId))).toEqual(new Set([85, 1]));
  });

  it('never shows clients archived donors or donors still applying', async () => {
    const [donor] = await t.db
      .select({ userId: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(
        and(
          eq(donors.centerId, 1),
          eq(donors.availability, 'Available'),
          like(users.username, '%@synthetic.test'),
        ),
      )
      .limit(1);
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.id, donor!.userId));
    const seen = await visibleDonors('parent@demo.test');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((d) => d.id === donor!.userId)).toBe(false);
    expect(seen.every((d) => d.status !== 'Archived')).toBe(true);
    expect(
      seen.every(
        (d) =>
          !['Invited', 'General Info Pending Review', 'Main Form Pending Review'].includes(d.availability),
      ),
    ).toBe(true);
    const parent = await authOf('parent@demo.test');
    await expect(assertDonorVisible(t.db, parent, donor!.userId)).rejects.toMatchObject({ statusCode: 404 });
    const manager = await authOf('manager@demo.test');
    await expect(assertDonorVisible(t.db, manager, donor!.userId)).resolves.toBeUndefined();
  });

  it('lets a donor see only themself', async () => {
    const auth = await authOf('donor@demo.test');
    expect(auth.role).toBe(ROLE.DONOR);
    const seen = await visibleDonors('donor@demo.test');
    expect(seen.map((d) => d.id)).toEqual([auth.userId]);
  });
});

describe('facts copied onto donors for search (kept by the database)', () => {
  async function factsOf(id: number) {
    const [row] = await t.db
      .select({
        archived: donors.archived,
        raceNames: donors.raceNames,
        mainRace: donors.mainRace,
        ethnicityNames: donors.ethnicityNames,
        mainEthnicity: donors.mainEthnicity,
        searchVector: donors.searchVector,
      })
      .from(donors)
      .where(eq(donors.userId, id));
    return row!;
  }

  it('follows the account status and the race and ethnicity rows through every change', async () => {
    const [donor] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(and(eq(users.status, 'Active'), like(users.username, '%@synthetic.test')))
      .limit(1);
    const id = donor!.id;
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.id, id));
    expect((await factsOf(id)).archived).toBe(true);
    await t.db.update(users).set({ status: 'Active' }).where(eq(users.id, id));
    expect((await factsOf(id)).archived).toBe(false);

    // Names are weighted A (first) and B (last); the rest of the document keeps its words.
    await t.db.update(users).set({ firstName: 'Zebulona', lastName: 'Quillfeather' }).where(eq(users.id, id));
    const vector = (await factsOf(id)).searchVector;
    expect(vector).toMatch(/'zebulona':\d+A/);
    expect(vector).toMatch(/'quillfeather':\d+B/);
    await t.db.update(donors).set({ searchDocument: 'd-zz1 boston' }).where(eq(donors.userId, id));
    expect((await factsOf(id)).searchVector).toMatch(/'boston':\d+(?![AB])/);
    expect((await factsOf(id)).searchVector).toMatch(/'zebulona':\d+A/);

    await t.db.delete(donorRaces).where(eq(donorRaces.donorId, id));
    await t.db.delete(donorEthnicities).where(eq(donorEthnicities.donorId, id));
    expect(await factsOf(id)).toMatchObject({
      raceNames: [],
      mainRace: null,
      ethnicityNames: [],
      mainEthnicity: null,
    });
    await t.db.insert(donorRaces).values([
      { donorId: id, name: 'White', percentage: 25, position: 0 },
      { donorId: id, name: 'Asian', percentage: 75, position: 1 },
    ]);
    await t.db.insert(donorEthnicities).values({ donorId: id, name: 'Irish', percentage: 100 });
    expect(await factsOf(id)).toMatchObject({
      raceNames: ['Asian', 'White'],
      mainRace: 'Asian',
      ethnicityNames: ['Irish'],
      mainEthnicity: 'Irish',
    });
    await t.db
      .update(donorRaces)
      .set({ percentage: 90 })
      .where(and(eq(donorRaces.donorId, id), eq(donorRaces.name, 'White')));
    expect((await factsOf(id)).mainRace).toBe('White');
  });
});

describe('the narrow donor_search row (kept by the database)', () => {
  const searchedRow = async (id: number) =>
    (await t.db.select().from(donorSearch).where(eq(donorSearch.userId, id)))[0];

  it('exists for every donor and equals the donors columns it copies', async () => {
    const [diff] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from donors d
      full join donor_search s on s.user_id = d.user_id
      where s.user_id is null or d.user_id is null
        or (d.center_id, d.archived, d.availability, d.allowed_for_matching_tool, d.eye_color,
            d.hair_color, d.race_names, d.ethnicity_names, d.main_race, d.date_of_birth,
            d.height_cm, d.views_count, d.created_at, d.display_id)
          is distinct from
           (s.center_id, s.archived, s.availability, s.allowed_for_matching_tool, s.eye_color,
            s.hair_color, s.race_names, s.ethnicity_names, s.main_race, s.date_of_birth,
            s.height_cm, s.views_count, s.created_at, s.display_id)
        or d.search_vector::text <> s.search_vector::text`,
    );
    expect(diff!.n).toBe(0);
  });

  it('follows donors, the account status, races, exam scores and GPAs, and goes with the donor', async () => {
    const [donor] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(and(eq(users.status, 'Active'), like(users.username, '%@synthetic.test')))
      .offset(5)
      .limit(1);
    const id = donor!.id;
    await t.db.update(donors).set({ eyeColor: 'Violet', viewsCount: 12345 }).where(eq(donors.userId, id));
    expect(await searchedRow(id)).toMatchObject({ eyeColor: 'Violet', viewsCount: 12345 });
    await t.db
      .update(donors)
      .set({ searchVector: sql`to_tsvector('simple', 'quokka')` })
      .where(eq(donors.userId, id));
    expect((await searchedRow(id))!.searchVector).toBe("'quokka':1");
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.id, id));
    expect((await searchedRow(id))!.archived).toBe(true);
    await t.db.delete(donorRaces).where(eq(donorRaces.donorId, id));
    await t.db.insert(donorRaces).values({ donorId: id, name: 'Asian', percentage: 100, position: 0 });
    expect(await searchedRow(id)).toMatchObject({ raceNames: ['Asian'], mainRace: 'Asian' });

    await t.db.delete(donorExamScores).where(eq(donorExamScores.donorId, id));
    expect((await searchedRow(id))!.actBest).toBeNull();
    await t.db.insert(donorExamScores).values([
      { donorId: id, exam: 'ACT', score: 22 },
      { donorId: id, exam: 'ACT', score: 31 },
      { donorId: id, exam: 'SAT', score: 1400 },
    ]);
    expect(await searchedRow(id)).toMatchObject({ actBest: 31, satBest: 1400 });
    await t.db
      .update(donorExamScores)
      .set({ score: 20 })
      .where(and(eq(donorExamScores.donorId, id), eq(donorExamScores.score, 31)));
    expect((await searchedRow(id))!.actBest).toBe(22);

    await t.db.update(donorEducationRecords).set({ gpa: null }).where(eq(donorEducationRecords.donorId, id));
    expect((await searchedRow(id))!.gpaBest).toBeNull();
    const [record] = await t.db
      .select({ id: donorEducationRecords.id })
      .from(donorEducationRecords)
      .where(eq(donorEducationRecords.donorId, id))
      .limit(1);
    if (record) {
      await t.db
        .update(donorEducationRecords)
        .set({ gpa: 3.7 })
        .where(eq(donorEducationRecords.id, record.id));
      expect((await searchedRow(id))!.gpaBest).toBe(3.7);
    }

    await t.db.delete(users).where(eq(users.id, id));
    expect(await searchedRow(id)).toBeUndefined();
  });
});
