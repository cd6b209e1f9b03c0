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
import { donorAccessCenters } from '../centers/centers.service.js';
import { visibleDonorCore } from '../donors/donors.repo.js';
import { assertDonorVisible, donorVisibility, visibilityRule } from './donor-access.js';

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

describe('the rule read in one statement', () => {
  it('lists exactly the centers donorAccessCenters lists, for every center, whatever is hidden or missing', async () => {
    const manager = await authOf('manager@demo.test');
    const all = await queryRows<{ id: number }>(t.db, sql`select id from centers order by id`);
    const compare = async () => {
      for (const { id } of all) {
        const auth = { ...manager, centerId: id };
        const rule = await visibilityRule(t.db, auth);
        const expected = (await donorAccessCenters(t.db, auth)).map((c) => c.id);
        expect(rule.kind).toBe('centers');
        expect(rule.kind === 'centers' && [...rule.centers].sort()).toEqual([...expected].sort());
      }
    };
    await compare();
    // A hidden center drops out of the others' lists, but not its own; a center with no access
    // row of its own still sees itself.
    const [other] = await queryRows<{ center_id: number; allowed_center_id: number }>(
      t.db,
      sql`select center_id, allowed_center_id from center_donor_access where center_id <> allowed_center_id limit 1`,
    );
    await t.db.execute(sql`update centers set visible = false where id = ${other!.allowed_center_id}`);
    await t.db.execute(
      sql`delete from center_donor_access where center_id = ${other!.center_id} and allowed_center_id = ${other!.center_id}`,
    );
    try {
      await compare();
    } finally {
      await t.db.execute(sql`update centers set visible = true where id = ${other!.allowed_center_id}`);
      await t.db.execute(
        sql`insert into center_donor_access (center_id, allowed_center_id) values (${other!.center_id}, ${other!.center_id}) on conflict do nothing`,
      );
    }
  });

  it('hides a donor whose hidden_until is ahead from the very next client rule', async () => {
    const parent = await authOf('parent@demo.test');
    const [donor] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .where(and(eq(donors.centerId, parent.centerId), eq(donors.availability, 'Available')))
      .limit(1);
    const before = await visibilityRule(t.db, parent);
    expect(before.kind === 'client' && before.hidden).not.toContain(donor!.id);
    await t.db.execute(
      sql`update donors set availability = 'Unavailable', hidden_until = now() + interval '1 hour' where user_id = ${donor!.id}`,
    );
    try {
      // Concurrent callers too: each answer was read after its caller asked.
      const rules = await Promise.all([visibilityRule(t.db, parent), visibilityRule(t.db, parent)]);
      for (const rule of rules) expect(rule.kind === 'client' && rule.hidden).toContain(donor!.id);
    } finally {
      await t.db.execute(
        sql`update donors set availability = 'Available', hidden_until = null where user_id = ${donor!.id}`,
      );
    }
  });
});

describe("the donor's core read with the rule (visibleDonorCore)", () => {
  it('finds exactly the donors the condition lets through, for every kind of rule', async () => {
    const sample = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .orderBy(sql`${donors.userId} % 7`, donors.userId)
      .limit(80);
    const parent = await authOf('parent@demo.test');
    const [hidden] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .where(and(eq(donors.centerId, parent.centerId), eq(donors.availability, 'Available')))
      .limit(1);
    await t.db.execute(
      sql`update donors set availability = 'Unavailable', hidden_until = now() + interval '1 hour' where user_id = ${hidden!.id}`,
    );
    try {
      const ids = [...new Set([...sample.map((d) => d.id), hidden!.id])];
      const kinds = new Set<string>();
      for (const username of [
        'master@demo.test',
        'admin@demo.test',
        'manager@demo.test',
        'parent@demo.test',
        'donor@demo.test',
      ]) {
        const rule = await visibilityRule(t.db, await authOf(username));
        kinds.add(rule.kind);
        const expected = new Set((await visibleDonors(username)).map((d) => d.id));
        const found = new Set<number>();
        for (const id of ids) {
          const core = await visibleDonorCore(t.db, id, rule);
          if (core) {
            expect(core.donor.userId).toBe(id);
            found.add(id);
          }
        }
        expect([...found].sort()).toEqual(ids.filter((id) => expected.has(id)).sort());
        if (username === 'parent@demo.test') expect(found.has(hidden!.id)).toBe(false);
        if (username === 'master@demo.test') expect(found.size).toBe(ids.length);
      }
      expect([...kinds].sort()).toEqual(['all', 'centers', 'client', 'self']);
    } finally {
      await t.db.execute(
        sql`update donors set availability = 'Available', hidden_until = null where user_id = ${hidden!.id}`,
      );
    }
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
