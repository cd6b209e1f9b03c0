import {
  ageFrom,
  BLOOD_GROUPS,
  CLIENT_VISIBLE_AVAILABILITY,
  DEFAULT_SEARCH_NAME,
  DONOR_TYPES,
  type DonorListItem,
  EDUCATION_LEVELS,
  EGG_DONATION_ARRANGEMENTS,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  HERITAGES,
  heightRangeCm,
  MSG,
  RACES,
  RELIGIONS,
  type SavedSearch,
  SEARCH_DISTANCES,
  SEARCH_SORTS,
  type SearchAnswer,
  type SearchFilters,
  type SearchRequestInput,
  searchRequest,
} from '@dm/shared';
import { and, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  donorEducationRecords,
  donorEthnicities,
  donorExamScores,
  donorPictures,
  donorRaces,
  donors,
  favorites,
  matches as matchRows,
  portfolioDonors,
  portfolios,
  savedSearches,
  searchHistory,
  users,
  zipCodes,
} from '../../db/schema/index.js';
import { resolveSession } from '../../platform/auth-context.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { donorVisibility } from '../donor-access/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PARENT = 'parent@demo.test';
const MANAGER = 'manager@demo.test';

const searchAs = (as: string | null, payload: SearchRequestInput | Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/getdonorlist', as, payload });
const search = async (as: string, payload: SearchRequestInput) => {
  const res = await searchAs(as, payload);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return body<SearchAnswer>(res).data;
};

const ROUTES = [
  { method: 'POST', url: '/api/getdonorlist', payload: {} },
  { method: 'GET', url: '/api/savedsearches' },
  { method: 'POST', url: '/api/savesearch', payload: { name: 'Blue eyes', filters: {} } },
  { method: 'PUT', url: '/api/savesearch', payload: { search_id: 1, filters: {} } },
  { method: 'PUT', url: '/api/updatesearchname', payload: { search_id: 1, name: 'New name' } },
  { method: 'PUT', url: '/api/deletesearchlist', payload: { search_id: 1 } },
] as const;

describe('access', () => {
  it('answers 401 without a session on every route', async () => {
    for (const r of [...ROUTES, { method: 'GET', url: '/api/donorphoto/1' } as const]) {
      const res = await t.request({ ...r, as: null });
      expect(res.statusCode, r.url).toBe(401);
    }
  });

  it('refuses donors, agency admins and the master admin (search is for managers and clients)', async () => {
    for (const as of ['donor@demo.test', 'admin@demo.test', 'master@demo.test']) {
      for (const r of ROUTES) {
        const res = await t.request({ ...r, as });
        expect(res.statusCode, `${as} ${r.method} ${r.url}`).toBe(403);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The reference: every donor row with what the filters look at, evaluated in JavaScript.

interface RefDonor {
  id: number;
  centerId: number;
  archived: boolean;
  availability: string;
  donorType: string;
  eggDonationArrangement: string | null;
  dateOfBirth: string | null;
  heightCm: number | null;
  bloodGroup: string | null;
  eyeColor: string | null;
  hairColor: string | null;
  religion: string | null;
  heritage: string[];
  educationLevel: string | null;
  collegeDegree: boolean;
  previousDonor: boolean;
  provenFertility: boolean;
  amhValue: number | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  viewsCount: number;
  createdAt: Date;
  searchDocument: string;
  races: string[];
  ethnicities: string[];
  act: number[];
  sat: number[];
  gpa: number[];
}

let ref: Map<number, RefDonor>;
let zips: { zipcode: string; latitude: number; longitude: number }[];
let states: string[];
let words: string[];

beforeAll(async () => {
  const rows = await t.db.select().from(donors);
  const group = <T extends { donorId: number }>(list: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of list) m.set(r.donorId, [...(m.get(r.donorId) ?? []), r]);
    return m;
  };
  const races = group(await t.db.select().from(donorRaces));
  const eths = group(await t.db.select().from(donorEthnicities));
  const exams = group(await t.db.select().from(donorExamScores));
  const edu = group(await t.db.select().from(donorEducationRecords));
  ref = new Map(
    rows.map((d) => [
      d.userId,
      {
        ...d,
        id: d.userId,
        races: (races.get(d.userId) ?? []).map((r) => r.name),
        ethnicities: (eths.get(d.userId) ?? []).map((r) => r.name),
        act: (exams.get(d.userId) ?? []).filter((e) => e.exam === 'ACT').map((e) => e.score),
        sat: (exams.get(d.userId) ?? []).filter((e) => e.exam === 'SAT').map((e) => e.score),
        gpa: (edu.get(d.userId) ?? []).flatMap((e) => (e.gpa === null ? [] : [e.gpa])),
      },
    ]),
  );
  states = [...new Set(rows.flatMap((d) => (d.state ? [d.state] : [])))];
  const donorZips = [...new Set(rows.flatMap((d) => (d.zipcode ? [d.zipcode] : [])))].slice(0, 6);
  zips = [];
  for (const z of donorZips) {
    const [p] = await t.db
      .select({ zipcode: zipCodes.zipcode, latitude: zipCodes.latitude, longitude: zipCodes.longitude })
      .from(zipCodes)
      .where(and(eq(zipCodes.country, 'US'), eq(zipCodes.zipcode, z)));
    if (p) zips.push(p);
  }
  words = [
    ...new Set(rows.flatMap((d) => d.searchDocument.split(/\s+/).filter((w) => /^[a-z]{3,}$/.test(w)))),
  ].slice(0, 40);
});

async function visibleIds(username: string): Promise<Set<number>> {
  const auth = await resolveSession(t.db, t.clock, await t.tokenFor(username));
  const rows = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(await donorVisibility(t.db, auth));
  return new Set(rows.map((r) => r.id));
}

const milesBetween = (
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
};

const within = (values: number[], min: number | undefined, max: number | undefined) =>
  min === undefined && max === undefined
    ? true
    : values.some((v) => v >= (min ?? Number.NEGATIVE_INFINITY) && v <= (max ?? Number.POSITIVE_INFINITY));

const best = (values: number[]) => (values.length ? [Math.max(...values)] : []);

/** Whether a donor satisfies every filter, the global text search aside. */
function matches(d: RefDonor, f: SearchFilters, now: Date, staff = false): string | null {
  const inList = (list: readonly string[], v: string | null) =>
    list.length === 0 || (v !== null && list.includes(v));
  // Staff choose complete profiles (the default), applicants or every donor; clients see only
  // complete profiles, which their visibility already holds them to.
  if (staff && f.profiles !== 'all') {
    if (d.archived) return 'profiles';
    const complete = (CLIENT_VISIBLE_AVAILABILITY as readonly string[]).includes(d.availability);
    if (complete !== (f.profiles === 'complete')) return 'profiles';
  }
  if (f.centers.length && !f.centers.includes(d.centerId)) return 'centers';
  if (!inList(f.eyecolor, d.eyeColor)) return 'eyecolor';
  if (!inList(f.haircolor, d.hairColor)) return 'haircolor';
  if (!inList(f.blood_group, d.bloodGroup)) return 'blood_group';
  if (!inList(f.religions, d.religion)) return 'religions';
  if (!inList(f.locations, d.state)) return 'locations';
  if (!inList(f.educationlevel, d.educationLevel)) return 'educationlevel';
  if (!inList(f.donortype, d.donorType)) return 'donortype';
  if (!inList(f.donoravailability, d.availability)) return 'donoravailability';
  if (!inList(f.eggDonationArrangement, d.eggDonationArrangement)) return 'eggDonationArrangement';
  if (f.heritage.length && !f.heritage.some((h) => d.heritage.includes(h))) return 'heritage';
  const named = (want: string[], have: string[], cond: 'AND' | 'OR') =>
    want.length === 0 ||
    (cond === 'OR' ? want.some((w) => have.includes(w)) : want.every((w) => have.includes(w)));
  if (!named(f.race, d.races, f.raceCondition)) return 'race';
  if (!named(f.ethnicity, d.ethnicities, f.ethCondition)) return 'ethnicity';
  const h = heightRangeCm(f);
  if (h.min !== null && (d.heightCm === null || d.heightCm < h.min)) return 'min height';
  if (h.max !== null && (d.heightCm === null || d.heightCm > h.max)) return 'max height';
  if (!d.dateOfBirth) return 'age';
  const age = ageFrom(d.dateOfBirth, now);
  if (age < f.minage || age > f.maxage) return 'age';
  // Score ranges judge the donor's best score of each exam and her best GPA.
  if (!within(best(d.act), f.minact, f.maxact)) return 'act';
  if (!within(best(d.sat), f.minsat, f.maxsat)) return 'sat';
  if (!within(best(d.gpa), f.mingpa, f.maxgpa)) return 'gpa';
  if (!within(d.amhValue === null ? [] : [d.amhValue], f.minamhscore, f.maxamhscore)) return 'amh';
  if (f.previousdonor !== undefined && d.previousDonor !== f.previousdonor) return 'previousdonor';
  if (f.provenfertility !== undefined && d.provenFertility !== f.provenfertility) return 'provenfertility';
  if (f.college_degree !== undefined && d.collegeDegree !== f.college_degree) return 'college_degree';
  if (f.zipcode && f.distance !== undefined) {
    const z = zips.find((p) => p.zipcode === f.zipcode)!;
    if (d.latitude === null || d.longitude === null) return 'distance';
    if (milesBetween(z, { latitude: d.latitude, longitude: d.longitude }) > f.distance + 1e-6)
      return 'distance';
  }
  return null;
}

function textMatches(d: RefDonor, text: string | undefined): boolean {
  if (!text || text.trim().length < 2) return true;
  const terms = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const docWords = d.searchDocument.split(/[^\p{L}\p{N}]+/u);
  return terms.every((term) => docWords.some((w) => w.startsWith(term)));
}

const subset = <T>(values: readonly T[], max = 3) => fc.subarray([...values], { maxLength: max });
const optionalRange = (min: number, max: number, integer: boolean) =>
  fc.option(
    fc.tuple(
      integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }),
      integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }),
    ),
    { nil: undefined },
  );
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

function filtersArb() {
  return fc
    .record({
      profiles: fc.constantFrom('complete' as const, 'applying' as const, 'all' as const),
      centers: subset([1, 111, 85, 133, 46, 36]),
      eyecolor: subset(EYE_COLORS),
      haircolor: subset(HAIR_COLORS),
      blood_group: subset(BLOOD_GROUPS),
      religions: subset(RELIGIONS),
      ethnicity: subset(ETHNICITIES, 2),
      race: subset(RACES, 2),
      ethCondition: fc.constantFrom('AND' as const, 'OR' as const),
      raceCondition: fc.constantFrom('AND' as const, 'OR' as const),
      heritage: subset(HERITAGES),
      locations: fc.constant(null).chain(() => subset(states, 4)),
      educationlevel: subset(EDUCATION_LEVELS),
      donortype: subset(DONOR_TYPES),
      donoravailability: subset(['Available', 'In Cycle', 'Under Review', 'Unavailable', 'Invited']),
      eggDonationArrangement: subset(EGG_DONATION_ARRANGEMENTS),
      height: maybe(
        fc.tuple(
          fc.integer({ min: 4, max: 6 }),
          fc.integer({ min: 0, max: 11 }),
          fc.integer({ min: 5, max: 6 }),
        ),
      ),
      age: fc.tuple(fc.integer({ min: 18, max: 45 }), fc.integer({ min: 18, max: 60 })),
      act: optionalRange(1, 36, true),
      sat: optionalRange(400, 1600, true),
      gpa: optionalRange(0, 4, false),
      amh: optionalRange(0, 30, false),
      previousdonor: maybe(fc.boolean()),
      provenfertility: maybe(fc.boolean()),
      college_degree: maybe(fc.boolean()),
      globalSearch: maybe(
        fc.oneof(
          fc.constant(null).chain(() => fc.constantFrom(...words).map((w) => w.slice(0, 4))),
          fc.string({ maxLength: 12 }),
          fc.constantFrom('a:* | !b & (c)', "'; drop table donors; --", '\\', ':*', 'x'),
        ),
      ),
      zip: maybe(
        fc.tuple(
          fc.constant(null).chain(() => fc.constantFrom(...zips.map((z) => z.zipcode))),
          maybe(fc.constantFrom(...SEARCH_DISTANCES)),
        ),
      ),
      sortby: fc.constantFrom(...SEARCH_SORTS),
      orderby: maybe(fc.constantFrom('asc' as const, 'desc' as const)),
    })
    .map((r) => {
      const req: SearchRequestInput = {
        profiles: r.profiles,
        centers: r.centers,
        eyecolor: r.eyecolor,
        haircolor: r.haircolor,
        blood_group: r.blood_group,
        religions: r.religions,
        ethnicity: r.ethnicity,
        race: r.race,
        ethCondition: r.ethCondition,
        raceCondition: r.raceCondition,
        heritage: r.heritage,
        locations: r.locations,
        educationlevel: r.educationlevel,
        donortype: r.donortype,
        donoravailability: r.donoravailability as SearchRequestInput['donoravailability'],
        eggDonationArrangement: r.eggDonationArrangement,
        minage: Math.min(...r.age),
        maxage: Math.max(...r.age),
        recordcount: 500,
        sortby: r.zip ? r.sortby : r.sortby === 'Distance' ? 'Newest' : r.sortby,
      };
      if (r.orderby) req.orderby = r.orderby;
      if (r.height) {
        req.minHeightFeet = r.height[0];
        req.minHeightInches = r.height[1];
        req.maxHeightFeet = r.height[2];
        req.maxHeightInches = 11;
      }
      const assign = (lo: string, hi: string, v: [number, number] | undefined) => {
        if (!v) return;
        (req as Record<string, number>)[lo] = Math.min(...v);
        (req as Record<string, number>)[hi] = Math.max(...v);
      };
      assign('minact', 'maxact', r.act);
      assign('minsat', 'maxsat', r.sat);
      assign('mingpa', 'maxgpa', r.gpa);
      assign('minamhscore', 'maxamhscore', r.amh);
      if (r.previousdonor !== undefined) req.previousdonor = r.previousdonor;
      if (r.provenfertility !== undefined) req.provenfertility = r.provenfertility;
      if (r.college_degree !== undefined) req.college_degree = r.college_degree;
      if (r.globalSearch !== undefined) req.globalSearch = r.globalSearch;
      if (r.zip) {
        req.zipcode = r.zip[0];
        if (r.zip[1] !== undefined) req.distance = r.zip[1];
      }
      return req;
    });
}

describe('POST /getdonorlist', () => {
  it('returns visible donors with the list item fields, 25 a page by default', async () => {
    const data = await search(PARENT, {});
    expect(data.page).toBe(1);
    expect(data.recordcount).toBe(25);
    expect(data.rows.length).toBe(Math.min(25, data.total));
    expect(data.total).toBeGreaterThan(25);
    const row = data.rows[0]!;
    expect(row).toMatchObject({ id: expect.any(Number), availability: expect.any(String), distance: null });
    expect(row.remainingQueue).toBeGreaterThanOrEqual(0);
    expect(row.remainingQueue).toBeLessThanOrEqual(3);
    expect(row).not.toHaveProperty('isFavorite');
    expect(data.rows.some((r) => r.photoUrl?.startsWith('/api/donorphoto/'))).toBe(true);
  });

  it('answers 400 with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ distance: 100 }, MSG.ZIP_CODE_FIRST],
      [{ sortby: 'Distance' }, MSG.ZIP_CODE_FIRST],
      [{ zipcode: '00000', distance: 100 }, MSG.INVALID_ZIP],
      [{ profiles: 'unfinished' }, 'Profiles is invalid.'],
    ];
    for (const [payload, message] of cases) {
      const res = await searchAs(PARENT, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toBe(message);
    }
    for (const payload of [
      { recordcount: 30 },
      { sortby: 'Name' },
      { eyecolor: ['Purple'] },
      { currentPage: 0 },
    ]) {
      expect((await searchAs(PARENT, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('ignores global search text under 2 characters', async () => {
    const all = await search(PARENT, {});
    expect((await search(PARENT, { globalSearch: 'x' })).total).toBe(all.total);
    expect((await search(PARENT, { globalSearch: ' ' })).total).toBe(all.total);
  });

  it('finds a donor by its id and by a word of its search document', async () => {
    const { rows } = await search(PARENT, {});
    const first = rows[0]!;
    const byId = await search(PARENT, { donor_id: first.agencyDisplayId!.toLowerCase() });
    expect(byId.rows.map((r) => r.id)).toEqual([first.id]);
    const byText = await search(PARENT, { globalSearch: first.agencyDisplayId! });
    expect(byText.rows.map((r) => r.id)).toContain(first.id);
    // Only the named donors are tested, and still against the other filters (a posted one
    // through its bitmap) and the caller's visibility.
    const id = first.agencyDisplayId!;
    const other = first.eyeColor === 'Blue' ? 'Green' : 'Blue';
    expect(
      (await search(PARENT, { donor_id: id, eyecolor: [first.eyeColor as (typeof EYE_COLORS)[number]] }))
        .total,
    ).toBe(1);
    expect((await search(PARENT, { donor_id: id, eyecolor: [other] })).total).toBe(0);
    const [hidden] = await t.db
      .select({ agencyDisplayId: donors.agencyDisplayId })
      .from(donors)
      .where(
        and(
          notInArray(donors.availability, [...CLIENT_VISIBLE_AVAILABILITY]),
          eq(donors.archived, false),
          isNotNull(donors.agencyDisplayId),
          eq(donors.centerId, first.centerId),
        ),
      )
      .limit(1);
    expect((await search(PARENT, { donor_id: hidden!.agencyDisplayId! })).total).toBe(0);
    expect((await search(MANAGER, { donor_id: hidden!.agencyDisplayId!, profiles: 'all' })).total).toBe(1);
  });

  it("shows a card's races and ethnicities as their rows are now, in the form's order", async () => {
    const [first] = (await search(PARENT, {})).rows;
    const id = first!.id;
    const rows = await t.db
      .select({ id: donorRaces.id, position: donorRaces.position, percentage: donorRaces.percentage })
      .from(donorRaces)
      .where(eq(donorRaces.donorId, id));
    const card = async () =>
      (await search(PARENT, { donor_id: first!.agencyDisplayId! })).rows.find((r) => r.id === id)!;
    try {
      // Another race, placed first, and new percentages: the triggers rewrite the card.
      await t.db
        .insert(donorRaces)
        .values({ donorId: id, name: 'Zulu test race', percentage: 40, position: -1 });
      await t.db.update(donorRaces).set({ percentage: 60 }).where(eq(donorRaces.id, rows[0]!.id));
      const shown = await card();
      expect(shown.races[0]).toEqual({ name: 'Zulu test race', percentage: 40 });
      expect(shown.races).toContainEqual(expect.objectContaining({ percentage: 60 }));
      expect(shown.races).toHaveLength(rows.length + 1);
      const ethnicities = await t.db
        .select({ name: donorEthnicities.name, percentage: donorEthnicities.percentage })
        .from(donorEthnicities)
        .where(eq(donorEthnicities.donorId, id))
        .orderBy(donorEthnicities.position, donorEthnicities.name);
      expect(shown.ethnicities).toEqual(ethnicities);
    } finally {
      await t.db
        .delete(donorRaces)
        .where(and(eq(donorRaces.donorId, id), eq(donorRaces.name, 'Zulu test race')));
      for (const r of rows) await t.db.update(donorRaces).set(r).where(eq(donorRaces.id, r.id));
    }
    expect((await card()).races).toEqual(first!.races);
  });

  it("shows a card's public photos, the default first, and the default as its picture", async () => {
    const { rows } = await search(PARENT, {});
    const donor = rows.find((r) => r.photoIds.length >= 2)!;
    const publicPhotos = () =>
      t.db
        .select({ id: donorPictures.id, isDefault: donorPictures.isDefault })
        .from(donorPictures)
        .where(and(eq(donorPictures.donorId, donor.id), eq(donorPictures.private, false)))
        .orderBy(desc(donorPictures.isDefault), donorPictures.position, donorPictures.id);
    const card = async () =>
      (await search(PARENT, { donor_id: donor.agencyDisplayId! })).rows.find((r) => r.id === donor.id)!;
    const photos = await publicPhotos();
    expect(donor.photoIds).toEqual(photos.map((p) => p.id));
    const byDefault = photos.find((p) => p.isDefault);
    expect(donor.photoUrl).toBe(byDefault ? `/api/donorphoto/${byDefault.id}` : null);
    // A photo made private leaves the card.
    const last = photos.at(-1)!.id;
    await t.db.update(donorPictures).set({ private: true }).where(eq(donorPictures.id, last));
    try {
      expect((await card()).photoIds).toEqual(photos.slice(0, -1).map((p) => p.id));
    } finally {
      await t.db.update(donorPictures).set({ private: false }).where(eq(donorPictures.id, last));
    }
  });

  it('never finds a donor by a name the caller may not see', async () => {
    const [donor] = await t.db
      .select({ id: donors.userId, lastName: users.lastName, firstName: users.firstName })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(
        and(
          eq(donors.centerId, 1),
          eq(donors.availability, 'Available'),
          sql`${users.lastName} ~ '^[A-Za-z]{3,}$'`,
        ),
      )
      .limit(1);
    const byLastName = { globalSearch: donor!.lastName, minage: 18, maxage: 60, recordcount: 500 } as const;
    expect((await search(PARENT, byLastName)).rows.map((r) => r.id)).not.toContain(donor!.id);
    expect((await search(MANAGER, byLastName)).rows.map((r) => r.id)).toContain(donor!.id);
    // Center 1 shows first names, so a client finds its donors by first name.
    const byFirstName = { globalSearch: donor!.firstName, minage: 18, maxage: 60, recordcount: 500 } as const;
    expect((await search(PARENT, byFirstName)).rows.map((r) => r.id)).toContain(donor!.id);
    // Once center 1 stops showing first names, only its own staff find the donor by one.
    const setShown = (shown: boolean) =>
      t.db.execute(
        sql`update centers set settings = settings || jsonb_build_object('isFirstNameVisible', ${shown}::boolean) where id = 1`,
      );
    await setShown(false);
    try {
      expect((await search(PARENT, byFirstName)).rows.map((r) => r.id)).not.toContain(donor!.id);
      expect((await search(MANAGER, byFirstName)).rows.map((r) => r.id)).toContain(donor!.id);
    } finally {
      await setShown(true);
    }
  });

  it('records every client search for the IP search history, and no staff search', async () => {
    const parent = await resolveSession(t.db, t.clock, await t.tokenFor(PARENT));
    const manager = await resolveSession(t.db, t.clock, await t.tokenFor(MANAGER));
    const count = async (userId: number) =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(searchHistory)
          .where(eq(searchHistory.userId, userId))
      )[0]!.n;
    const before = await count(parent.userId);
    const result = await search(PARENT, { eyecolor: ['Blue'] });
    expect(await count(parent.userId)).toBe(before + 1);
    const [last] = await t.db
      .select()
      .from(searchHistory)
      .where(eq(searchHistory.userId, parent.userId))
      .orderBy(sql`${searchHistory.id} desc`)
      .limit(1);
    expect(last!.filters.eyecolor).toEqual(['Blue']);
    expect(last!.resultCount).toBe(result.total);
    expect(last!.centerId).toBe(parent.centerId);
    const managerBefore = await count(manager.userId);
    await search(MANAGER, {});
    expect(await count(manager.userId)).toBe(managerBefore);
  });

  it('hides first names where the donor center does not show them', async () => {
    const data = await search(MANAGER, { recordcount: 500, minage: 18, maxage: 60 });
    const settings = await t.db.execute(sql`select id, settings from centers`);
    const hidden = new Set(
      (settings as unknown as { rows: { id: number; settings: { isFirstNameVisible?: boolean } }[] }).rows
        .filter((c) => c.settings?.isFirstNameVisible === false)
        .map((c) => c.id),
    );
    for (const r of data.rows) {
      if (hidden.has(r.centerId) && r.centerId !== 1) expect(r.firstName).toBeNull();
    }
  });

  it('never errors, never shows a donor the caller may not see, and every donor matches every filter', async () => {
    const now = t.clock.now();
    for (const who of [PARENT, MANAGER]) {
      const visible = await visibleIds(who);
      await fc.assert(
        fc.asyncProperty(filtersArb(), async (req) => {
          const res = await searchAs(who, req);
          expect(res.statusCode, res.body).toBe(200);
          const data = body<SearchAnswer>(res).data;
          const f = searchRequest.parse(req);
          for (const row of data.rows) {
            expect(visible.has(row.id), `donor ${row.id} not visible to ${who}`).toBe(true);
            const d = ref.get(row.id)!;
            expect(matches(d, f, now, who === MANAGER), `donor ${row.id}`).toBeNull();
            expect(textMatches(d, f.globalSearch), `text ${f.globalSearch}`).toBe(true);
          }
          // Without text search the answer is exactly the visible donors that match.
          if (!f.globalSearch || f.globalSearch.trim().length < 2) {
            const expected = [...visible].filter(
              (id) => matches(ref.get(id)!, f, now, who === MANAGER) === null,
            );
            expect(data.total).toBe(expected.length);
            expect(new Set(data.rows.map((r) => r.id))).toEqual(new Set(expected));
          }
        }),
        { numRuns: 100 },
      );
    }
    // 200 searches against the database: minutes, not seconds, on a loaded machine.
  }, 180_000);

  it('orders every sort in both directions', async () => {
    const zip = zips[0]!.zipcode;
    const now = t.clock.now();
    const key = (sort: string, r: DonorListItem): (string | number | null)[] => {
      const d = ref.get(r.id)!;
      switch (sort) {
        case 'Newest':
          return [d.createdAt.getTime()];
        case 'Height':
          return [d.heightCm];
        case 'Age':
          return [d.dateOfBirth ? -new Date(d.dateOfBirth).getTime() : null];
        case 'Location':
          // cities tie-break by the database's collation, which may differ from JavaScript's
          return [d.state];
        case 'Views':
          return [r.views];
        case 'Distance':
          return [r.distance];
        case 'Race':
          return [[...r.races].sort((a, b) => b.percentage - a.percentage)[0]?.name ?? null];
        case 'Ethnicity':
          return [[...r.ethnicities].sort((a, b) => b.percentage - a.percentage)[0]?.name ?? null];
        default:
          return [
            ['Available', 'In Cycle', 'Under Review', 'Reserved', 'On Hold'].indexOf(r.availability) + 1 || 6,
          ];
      }
    };
    const cmp = (a: (string | number | null)[], b: (string | number | null)[]) => {
      for (let i = 0; i < a.length; i++) {
        const x = a[i]!;
        const y = b[i]!;
        if (x === y) continue;
        if (x === null) return 1;
        if (y === null) return -1;
        return x < y ? -1 : 1;
      }
      return 0;
    };
    for (const sortby of SEARCH_SORTS) {
      for (const orderby of ['asc', 'desc'] as const) {
        const data = await search(MANAGER, {
          sortby,
          orderby,
          zipcode: zip,
          recordcount: 500,
          minage: 18,
          maxage: 60,
        });
        expect(data.rows.length).toBeGreaterThan(10);
        for (let i = 1; i < data.rows.length; i++) {
          const a = key(sortby, data.rows[i - 1]!);
          const b = key(sortby, data.rows[i]!);
          // nulls last in both directions; the rest in the order asked for
          const c =
            a.some((v) => v === null) || b.some((v) => v === null)
              ? cmp(a, b)
              : orderby === 'asc'
                ? cmp(a, b)
                : cmp(b, a);
          expect(c, `${sortby} ${orderby} at ${i}: ${a} then ${b}`).toBeLessThanOrEqual(0);
        }
        if (sortby === 'Age') {
          const ages = data.rows.flatMap((r) => (r.age === null ? [] : [r.age]));
          const sorted = [...ages].sort((x, y) => (orderby === 'asc' ? x - y : y - x));
          expect(ages).toEqual(sorted);
        }
      }
    }
    expect(now).toBeInstanceOf(Date);
  });

  it('pages through every matching donor exactly once', async () => {
    for (const recordcount of [25, 50] as const) {
      const all = await search(MANAGER, { recordcount: 500, sortby: 'Height', minage: 18, maxage: 60 });
      const seen: number[] = [];
      const pages = Math.ceil(all.total / recordcount);
      for (let currentPage = 1; currentPage <= pages + 1; currentPage++) {
        const page = await search(MANAGER, {
          recordcount,
          currentPage,
          sortby: 'Height',
          minage: 18,
          maxage: 60,
        });
        expect(page.total).toBe(all.total);
        seen.push(...page.rows.map((r) => r.id));
      }
      expect(seen).toEqual(all.rows.map((r) => r.id));
      expect(new Set(seen).size).toBe(seen.length);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The caller's own marks on the listed donors: fav, shortlists, feedback

describe('POST /getdonorlist profiles', () => {
  it('lists complete profiles to staff first, applicants when asked, and never applicants to clients', async () => {
    // A donor who has just signed up: Invited, the newest of center 1.
    const [donor] = await t.db
      .select({ id: donors.userId, availability: donors.availability, createdAt: donors.createdAt })
      .from(donors)
      .where(and(eq(donors.centerId, 1), eq(donors.availability, 'Available'), eq(donors.archived, false)))
      .limit(1);
    await t.db
      .update(donors)
      .set({ availability: 'Invited', createdAt: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(donors.userId, donor!.id));
    try {
      const wide = { minage: 18, maxage: 60, recordcount: 500 } as const;
      const staffDefault = await search(MANAGER, { ...wide, sortby: 'Newest' });
      expect(staffDefault.rows.map((r) => r.id)).not.toContain(donor!.id);
      expect(staffDefault.rows.length).toBeGreaterThan(0);
      for (const r of staffDefault.rows) expect(CLIENT_VISIBLE_AVAILABILITY).toContain(r.availability);

      const applicants = await search(MANAGER, { ...wide, profiles: 'applying' });
      expect(applicants.rows.map((r) => r.id)).toContain(donor!.id);
      for (const r of applicants.rows) expect(CLIENT_VISIBLE_AVAILABILITY).not.toContain(r.availability);

      const everyone = await search(MANAGER, { ...wide, profiles: 'all', sortby: 'Newest' });
      expect(everyone.rows[0]!.id).toBe(donor!.id);
      expect(everyone.total).toBeGreaterThanOrEqual(staffDefault.total + applicants.total);

      // A client asking for everyone still sees complete profiles only.
      for (const profiles of ['complete', 'applying', 'all'] as const) {
        const parent = await search(PARENT, { ...wide, profiles });
        expect(parent.rows.map((r) => r.id)).not.toContain(donor!.id);
        for (const r of parent.rows) expect(CLIENT_VISIBLE_AVAILABILITY).toContain(r.availability);
      }
    } finally {
      await t.db
        .update(donors)
        .set({ availability: donor!.availability, createdAt: donor!.createdAt })
        .where(eq(donors.userId, donor!.id));
    }
  });
});

describe('POST /getdonorlist marks', () => {
  it("shows the caller's favourite, portfolios and latest feedback, and never another user's", async () => {
    const inDemoPortfolio = new Set(
      (await t.db.select({ id: portfolioDonors.donorId }).from(portfolioDonors)).map((r) => r.id),
    );
    const manager = await resolveSession(t.db, t.clock, await t.tokenFor(MANAGER));
    const parent = await resolveSession(t.db, t.clock, await t.tokenFor(PARENT));
    const managerRows = (await search(MANAGER, { recordcount: 500, centers: [1] })).rows;
    const parentIds = new Set(
      (await search(PARENT, { recordcount: 500, centers: [1] })).rows.map((r) => r.id),
    );
    const [a, b] = managerRows.filter(
      (r) => r.centerId === 1 && r.agencyDisplayId && parentIds.has(r.id) && !inDemoPortfolio.has(r.id),
    );
    expect(a && b).toBeTruthy();
    const [second] = await t.db
      .insert(users)
      .values({
        centerId: 1,
        role: 9,
        status: 'Active',
        username: 'parent-marks@demo.test',
        firstName: 'Sky',
        lastName: 'Second',
      })
      .returning({ id: users.id });

    const at = (day: number) => new Date(Date.UTC(2026, 2, day));
    const portfolio = async (name: string, clientId: number, managerId: number | null, status = 'Active') =>
      (
        await t.db
          .insert(portfolios)
          .values({ centerId: 1, name, status, clientId, managerId, createdBy: managerId })
          .returning({ id: portfolios.id })
      )[0]!.id;
    const one = await portfolio('Marks one', parent.userId, manager.userId);
    const two = await portfolio('Marks two', parent.userId, manager.userId);
    const archived = await portfolio('Marks archived', parent.userId, manager.userId, 'Archived');
    const others = await portfolio('Marks of another client', second!.id, null);
    await t.db.insert(portfolioDonors).values([
      // The later addition with the earlier feedback: the latest feedback still wins.
      { portfolioId: one, donorId: a!.id, position: 0, addedAt: at(5), feedback: 'maybe', feedbackAt: at(6) },
      { portfolioId: two, donorId: a!.id, position: 0, addedAt: at(3), feedback: 'yes', feedbackAt: at(9) },
      { portfolioId: one, donorId: b!.id, position: 1, addedAt: at(4) },
      {
        portfolioId: archived,
        donorId: b!.id,
        position: 0,
        addedAt: at(7),
        feedback: 'no',
        feedbackAt: at(8),
      },
      { portfolioId: others, donorId: b!.id, position: 0, addedAt: at(7), feedback: 'no', feedbackAt: at(8) },
    ]);
    await t.db.insert(favorites).values([
      { userId: parent.userId, donorId: a!.id },
      { userId: manager.userId, donorId: b!.id },
      { userId: second!.id, donorId: b!.id },
    ]);

    const marks = async (as: string, donor: DonorListItem) => {
      const { rows } = await search(as, { donor_id: donor.agencyDisplayId! });
      const row = rows.find((r) => r.id === donor.id)!;
      return { fav: row.fav, shortlists: row.shortlists, feedback: row.feedback };
    };
    const markOne = (donorAt: Date, feedback: string | null) => ({
      id: one,
      name: 'Marks one',
      addedAt: donorAt.toISOString(),
      feedback,
    });
    const markTwo = { id: two, name: 'Marks two', addedAt: at(3).toISOString(), feedback: 'yes' };
    // The client: own favourite and both open portfolios, newest addition first; not the archived one.
    expect(await marks(PARENT, a!)).toEqual({
      fav: true,
      shortlists: [markOne(at(5), 'maybe'), markTwo],
      feedback: 'yes',
    });
    expect(await marks(PARENT, b!)).toEqual({
      fav: false,
      shortlists: [markOne(at(4), null)],
      feedback: null,
    });
    // The case manager of those portfolios: the same portfolios, the manager's own favourites.
    expect(await marks(MANAGER, a!)).toEqual({
      fav: false,
      shortlists: [markOne(at(5), 'maybe'), markTwo],
      feedback: 'yes',
    });
    expect(await marks(MANAGER, b!)).toEqual({
      fav: true,
      shortlists: [markOne(at(4), null)],
      feedback: null,
    });
    // Another client of the center sees only their own marks.
    const secondToken = await t.tokenFor('parent-marks@demo.test');
    expect(await marks(secondToken, a!)).toEqual({ fav: false, shortlists: [], feedback: null });
    expect(await marks(secondToken, b!)).toEqual({
      fav: true,
      shortlists: [
        { id: others, name: 'Marks of another client', addedAt: at(7).toISOString(), feedback: 'no' },
      ],
      feedback: 'no',
    });
  });
});

describe('POST /getdonorlist own match', () => {
  it("shows an intended parent her own open match's status and queue, nobody else's", async () => {
    const parent = await resolveSession(t.db, t.clock, await t.tokenFor(PARENT));
    const [donor] = (await search(PARENT, { recordcount: 25 })).rows.filter((r) => r.agencyDisplayId);
    const at = t.clock.now();
    const base = {
      donorId: donor!.id,
      donorCenterId: donor!.centerId,
      parentCenterId: 1,
      requestedAt: at,
      statusChangedAt: at,
    };
    const [open] = await t.db
      .insert(matchRows)
      .values({ ...base, parentId: parent.userId, status: 'Queued', queueType: 'Frozen' })
      .returning({ id: matchRows.id });
    const own = async (as: string) =>
      (await search(as, { donor_id: donor!.agencyDisplayId! })).rows
        .filter((r) => r.id === donor!.id)
        .map((r) => ({ matchStatus: r.matchStatus, queueType: r.queueType }));
    expect(await own(PARENT)).toEqual([{ matchStatus: 'Queued', queueType: 'Frozen' }]);
    // Staff searching see no 'own match'; a finished match is not open.
    expect(await own(MANAGER)).toEqual([{ matchStatus: null, queueType: null }]);
    await t.db.update(matchRows).set({ status: 'Completed' }).where(eq(matchRows.id, open!.id));
    expect(await own(PARENT)).toEqual([{ matchStatus: null, queueType: null }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Saved searches

const save = (as: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/savesearch', as, payload });
const listSaved = async (as: string) =>
  body<SavedSearch[]>(await t.request({ method: 'GET', url: '/api/savedsearches', as })).data;

describe('saved searches', () => {
  it('saves, lists, updates, renames and deletes the caller’s own searches', async () => {
    const created = await save(PARENT, { name: '  Blue eyes  ', filters: { eyecolor: ['Blue'] } });
    expect(created.statusCode, created.body).toBe(200);
    const saved = body<SavedSearch>(created).data;
    expect(saved.search_name).toBe('Blue eyes');
    expect(saved.search_data.eyecolor).toEqual(['Blue']);
    expect((await listSaved(PARENT)).map((s) => s.search_id)).toContain(saved.search_id);

    const updated = await t.request({
      method: 'PUT',
      url: '/api/savesearch',
      as: PARENT,
      payload: { search_id: saved.search_id, filters: { eyecolor: ['Green'], haircolor: ['Red'] } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(body<SavedSearch>(updated).data.search_data).toMatchObject({
      eyecolor: ['Green'],
      haircolor: ['Red'],
    });

    const renamed = await t.request({
      method: 'PUT',
      url: '/api/updatesearchname',
      as: PARENT,
      payload: { search_id: saved.search_id, name: 'Green eyes' },
    });
    expect(body<SavedSearch>(renamed).data.search_name).toBe('Green eyes');
    // Renaming to its own name in another case is not a clash with itself.
    const same = await t.request({
      method: 'PUT',
      url: '/api/updatesearchname',
      as: PARENT,
      payload: { search_id: saved.search_id, name: 'GREEN EYES' },
    });
    expect(same.statusCode).toBe(200);

    const deleted = await t.request({
      method: 'PUT',
      url: '/api/deletesearchlist',
      as: PARENT,
      payload: { search_id: saved.search_id },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await listSaved(PARENT)).map((s) => s.search_id)).not.toContain(saved.search_id);
  });

  it('answers 400 with the spec messages', async () => {
    const first = await save(MANAGER, {
      name: 'Tall donors',
      filters: { minHeightFeet: 5, minHeightInches: 9 },
    });
    expect(first.statusCode).toBe(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'a', filters: {} }, MSG.SEARCH_NAME_LENGTH],
      [{ name: '   a   ', filters: {} }, MSG.SEARCH_NAME_LENGTH],
      [{ name: 'x'.repeat(261), filters: {} }, MSG.SEARCH_NAME_LENGTH],
      [{ name: ' tall DONORS ', filters: {} }, MSG.SEARCH_NAME_EXISTS],
      [{ name: DEFAULT_SEARCH_NAME.toUpperCase(), filters: {} }, MSG.DEFAULT_SEARCH_LOCKED],
      [{ name: 'Near me', filters: { distance: 100 } }, MSG.ZIP_CODE_FIRST],
    ];
    for (const [payload, message] of cases) {
      const res = await save(MANAGER, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toBe(message);
    }
    expect(MSG.SEARCH_NAME_EXISTS).toBe('Seach name already exists.');
    expect((await save(MANAGER, { name: 'x'.repeat(260), filters: {} })).statusCode).toBe(200);
    const id = body<SavedSearch>(first).data.search_id;
    const other = body<SavedSearch>(await save(MANAGER, { name: 'Other one', filters: {} })).data;
    const rename = await t.request({
      method: 'PUT',
      url: '/api/updatesearchname',
      as: MANAGER,
      payload: { search_id: other.search_id, name: 'TALL donors' },
    });
    expect(rename.statusCode).toBe(400);
    expect(body(rename).message).toBe(MSG.SEARCH_NAME_EXISTS);
    const toDefault = await t.request({
      method: 'PUT',
      url: '/api/savesearch',
      as: MANAGER,
      payload: { search_id: id, name: DEFAULT_SEARCH_NAME, filters: {} },
    });
    expect(body(toDefault).message).toBe(MSG.DEFAULT_SEARCH_LOCKED);
  });

  it("answers 404 for another user's saved search", async () => {
    const mine = body<SavedSearch>(await save(MANAGER, { name: 'Manager only', filters: {} })).data;
    for (const [method, url, payload] of [
      ['PUT', '/api/savesearch', { search_id: mine.search_id, filters: {} }],
      ['PUT', '/api/updatesearchname', { search_id: mine.search_id, name: 'Taken over' }],
      ['PUT', '/api/deletesearchlist', { search_id: mine.search_id }],
    ] as const) {
      const res = await t.request({ method, url, as: PARENT, payload });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await listSaved(PARENT)).map((s) => s.search_id)).not.toContain(mine.search_id);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, mine.search_id));
    expect(row!.name).toBe('Manager only');
  });

  it('counts the matching donors added since the search was last run', async () => {
    const saved = body<SavedSearch>(
      await save(PARENT, { name: 'New since', filters: { minage: 18, maxage: 60 } }),
    ).data;
    expect(saved.newDonors).toBe(0);
    const since = new Date(Date.now() - 365 * 24 * 3600 * 1000);
    await t.db.update(savedSearches).set({ createdAt: since }).where(eq(savedSearches.id, saved.search_id));
    const visible = await visibleIds(PARENT);
    const now = t.clock.now();
    const f = searchRequest.parse({ minage: 18, maxage: 60 });
    const expected = [...visible].filter((id) => {
      const d = ref.get(id)!;
      return matches(d, f, now) === null && d.createdAt > since;
    }).length;
    expect(expected).toBeGreaterThan(0);
    const listed = (await listSaved(PARENT)).find((s) => s.search_id === saved.search_id)!;
    expect(listed.newDonors).toBe(expected);
    await search(PARENT, { minage: 18, maxage: 60, searchId: saved.search_id });
    const after = (await listSaved(PARENT)).find((s) => s.search_id === saved.search_id)!;
    expect(after.newDonors).toBe(0);
    expect(after.last_run_at).not.toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Photos

describe('GET /donorphoto/:pictureId', () => {
  it('serves a visible donor’s picture with cache headers, and 404 otherwise', async () => {
    const { rows } = await search(PARENT, {});
    const withPhoto = rows.find((r) => r.photoUrl)!;
    const res = await t.request({ method: 'GET', url: withPhoto.photoUrl!, as: PARENT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.rawPayload.length).toBeGreaterThan(100);

    const visible = await visibleIds(PARENT);
    const hidden = await t.db
      .select({ id: donorPictures.id, donorId: donorPictures.donorId })
      .from(donorPictures)
      .limit(2000);
    const notVisible = hidden.find((p) => !visible.has(p.donorId))!;
    expect(notVisible).toBeDefined();
    expect(
      (await t.request({ method: 'GET', url: `/api/donorphoto/${notVisible.id}`, as: PARENT })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/donorphoto/99999999', as: PARENT })).statusCode).toBe(
      404,
    );
    // A donor sees their own pictures, not others'.
    expect(
      (await t.request({ method: 'GET', url: withPhoto.photoUrl!, as: 'donor@demo.test' })).statusCode,
    ).toBe(
      withPhoto.id === (await resolveSession(t.db, t.clock, await t.tokenFor('donor@demo.test'))).userId
        ? 200
        : 404,
    );
  });
});
