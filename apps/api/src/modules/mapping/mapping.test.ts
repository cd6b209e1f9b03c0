import { type ImportStatus, type MappingItemData, type MappingPage, MSG } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  donorRaces,
  donors,
  fieldMappingDonors,
  fieldMappings,
  users,
} from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { runPendingImports } from '../staff-donors/staff-donors.import.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MASTER = 'master@demo.test';
const ADMIN = 'admin@demo.test';
const post = (url: string, payload: Record<string, unknown>, as: string | null = MASTER) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as: string | null = MASTER) => t.request({ method: 'GET', url, as });

/** An import of one donor per row of `rows`, with the given raw values. */
function files(
  rows: { key: string; email: string; dob: string; eye: string; hair: string; race?: string }[],
) {
  return [
    {
      name: 'general.csv',
      content: `donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state\n${rows.map((r) => `${r.key},${r.email},Map,Test,${r.dob},,,`).join('\n')}\n`,
    },
    {
      name: 'physical.csv',
      content: `donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\n${rows.map((r) => `${r.key},165,60,${r.eye},${r.hair},`).join('\n')}\n`,
    },
    {
      name: 'education.csv',
      content: `donor_key,education_level\n${rows.map((r) => `${r.key},`).join('\n')}\n`,
    },
    {
      name: 'status.csv',
      content: `donor_key,availability,donor_type\n${rows.map((r) => `${r.key},,`).join('\n')}\n`,
    },
    {
      name: 'races.csv',
      content: `donor_key,race,percentage\n${rows
        .filter((r) => r.race)
        .map((r) => `${r.key},${r.race},100`)
        .join('\n')}\n`,
    },
  ];
}

async function importAs(admin: string, rows: Parameters<typeof files>[0]) {
  const res = await post('/api/importdonors', { files: files(rows) }, admin);
  expect(res.statusCode, res.body).toBe(200);
  await runPendingImports({ db: t.db, clock: t.clock });
}

async function donorByEmail(email: string) {
  const [row] = await t.db
    .select({ donor: donors })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(eq(users.username, email));
  return row!.donor;
}

const rowsOf = async (id: string, type: 'unmapped' | 'mapped', search = '') =>
  body<MappingPage>(await post('/api/getfieldtobemapped', { id, type, search })).data;

const ROUTES = [
  { method: 'GET', url: '/api/getdatafromtables/eye_color' },
  { method: 'POST', url: '/api/getfieldtobemapped', payload: { id: 'eye_color' } },
  {
    method: 'POST',
    url: '/api/updatemappingfield',
    payload: { id: 'eye_color', type: [1], mapped_type: 'Blue' },
  },
  {
    method: 'POST',
    url: '/api/updatemappingfielde',
    payload: { id: 'eye_color', type_id: 1, mapped_type: 'Blue' },
  },
] as const;

describe('access', () => {
  it('answers 401 without a session', async () => {
    for (const r of ROUTES) expect((await t.request({ ...r, as: null })).statusCode, r.url).toBe(401);
  });
  it('keeps mapping to the master admin (403 for every other role)', async () => {
    for (const as of [ADMIN, 'manager@demo.test', 'parent@demo.test', 'donor@demo.test'])
      for (const r of ROUTES) expect((await t.request({ ...r, as })).statusCode, `${as} ${r.url}`).toBe(403);
  });
});

describe('GET getdatafromtables/{id}', () => {
  it('answers the app values of an item', async () => {
    const res = await get('/api/getdatafromtables/race');
    expect(res.statusCode).toBe(200);
    const data = body<MappingItemData>(res).data;
    expect(data).toMatchObject({ id: 'race', kind: 'multi', label: 'Race' });
    expect(data.values).toContain('White');
    expect(body<MappingItemData>(await get('/api/getdatafromtables/dob')).data).toMatchObject({
      kind: 'date',
      values: [],
    });
  });
  it("answers 400 'Mapping item is invalid.' for an unknown item", async () => {
    const res = await get('/api/getdatafromtables/ssn');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Mapping item is invalid.');
  });
});

describe('import -> mapping -> donors', () => {
  beforeAll(async () => {
    await importAs(ADMIN, [
      {
        key: 'MAP-1',
        email: 'map1@mapping.test',
        dob: '02/03/1998',
        eye: 'Sky Blue',
        hair: 'Strawberry',
        race: 'Caucasian',
      },
      {
        key: 'MAP-2',
        email: 'map2@mapping.test',
        dob: '1997-04-05',
        eye: 'sky blue',
        hair: 'Brown',
        race: 'White',
      },
    ]);
  });

  it('imports donors with unknown values, blank, reports them, and lists each value once as unmapped', async () => {
    const status = body<ImportStatus>(await get('/api/importstatus/0', ADMIN)).data;
    expect(status.rejected).toEqual([]);
    expect(status.importedKeys).toEqual(['MAP-1', 'MAP-2']);
    expect(status.awaitingMapping).toEqual(
      expect.arrayContaining([
        { donorKey: 'MAP-1', field: 'eye_color', value: 'Sky Blue' },
        { donorKey: 'MAP-2', field: 'eye_color', value: 'Sky Blue' },
        { donorKey: 'MAP-1', field: 'dob', value: '02/03/1998' },
        { donorKey: 'MAP-1', field: 'race', value: 'Caucasian' },
      ]),
    );
    expect(status.awaitingMapping).toHaveLength(5);
    const d1 = await donorByEmail('map1@mapping.test');
    expect(d1).toMatchObject({ eyeColor: null, hairColor: null, dateOfBirth: null, raceNames: [] });
    const d2 = await donorByEmail('map2@mapping.test');
    expect(d2).toMatchObject({ eyeColor: null, hairColor: 'Brown', dateOfBirth: '1997-04-05' });
    const eyes = await rowsOf('eye_color', 'unmapped');
    expect(eyes.rows.map((r) => [r.type, r.donor_count, r.mapped_type])).toEqual([['Sky Blue', 2, null]]);
    expect(eyes).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect((await rowsOf('dob', 'unmapped')).rows.map((r) => r.type)).toEqual(['02/03/1998']);
    expect((await rowsOf('race', 'unmapped')).rows.map((r) => r.type)).toEqual(['Caucasian']);
  });

  it('searches and pages', async () => {
    expect((await rowsOf('hair_color', 'unmapped', 'straw')).rows.map((r) => r.type)).toEqual(['Strawberry']);
    expect((await rowsOf('hair_color', 'unmapped', 'nothing-like-this')).total).toBe(0);
    const page2 = body<MappingPage>(
      await post('/api/getfieldtobemapped', { id: 'hair_color', page: 2 }),
    ).data;
    expect(page2.rows).toEqual([]);
    const bad = await post('/api/getfieldtobemapped', { id: 'hair_color', type: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Type must be unmapped or mapped.');
  });

  it("needs at least one value: 'Please select atleast one value'", async () => {
    const none = await post('/api/updatemappingfield', { id: 'eye_color', type: [], mapped_type: 'Blue' });
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe(MSG.SELECT_ATLEAST_ONE_VALUE);
    const [eye] = (await rowsOf('eye_color', 'unmapped')).rows;
    const noValue = await post('/api/updatemappingfield', {
      id: 'eye_color',
      type: [eye!.id],
      mapped_type: '',
    });
    expect(noValue.statusCode).toBe(400);
    expect(body(noValue).message).toBe('Please select atleast one value');
    const wrong = await post('/api/updatemappingfield', {
      id: 'eye_color',
      type: [eye!.id],
      mapped_type: 'Purple',
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('Mapped value is not one of the allowed values.');
    const two = await post('/api/updatemappingfield', {
      id: 'eye_color',
      type: [eye!.id],
      mapped_type: 'Blue,Green',
    });
    expect(body(two).message).toBe('Mapped value is not one of the allowed values.');
  });

  it('answers 404 for a row that does not exist or belongs to another item', async () => {
    const [eye] = (await rowsOf('eye_color', 'unmapped')).rows;
    expect(
      (await post('/api/updatemappingfielde', { id: 'hair_color', type_id: eye!.id, mapped_type: 'Brown' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post('/api/updatemappingfield', {
          id: 'eye_color',
          type: [eye!.id, 999999],
          mapped_type: 'Blue',
        })
      ).statusCode,
    ).toBe(404);
    expect((await donorByEmail('map1@mapping.test')).eyeColor).toBeNull();
  });

  it('moves values to mapped and writes the value to every donor imported with it', async () => {
    const [eye] = (await rowsOf('eye_color', 'unmapped')).rows;
    const res = await post('/api/updatemappingfield', {
      id: 'eye_color',
      type: [eye!.id],
      mapped_type: 'blue',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Mapping saved.', data: { rows: 1, donors: 2 } });
    expect((await donorByEmail('map1@mapping.test')).eyeColor).toBe('Blue');
    expect((await donorByEmail('map2@mapping.test')).searchDocument).toContain('blue');
    expect((await rowsOf('eye_color', 'unmapped')).total).toBe(0);
    expect((await rowsOf('eye_color', 'mapped')).rows[0]).toMatchObject({
      type: 'Sky Blue',
      mapped_type: 'Blue',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'mapping.update'));
    expect(entry!.details).toEqual({ field: 'eye_color', rows: 1, donors: 2 });
  });

  it('changing a mapping rewrites donors that still hold the earlier value, not one changed by hand', async () => {
    const [eye] = (await rowsOf('eye_color', 'mapped')).rows;
    const d2 = await donorByEmail('map2@mapping.test');
    await t.db.update(donors).set({ eyeColor: 'Hazel' }).where(eq(donors.userId, d2.userId));
    const res = await post('/api/updatemappingfielde', {
      id: 'eye_color',
      type_id: eye!.id,
      mapped_type: 'Gray',
    });
    expect(body(res).data).toEqual({ rows: 1, donors: 1 });
    expect((await donorByEmail('map1@mapping.test')).eyeColor).toBe('Gray');
    expect((await donorByEmail('map2@mapping.test')).eyeColor).toBe('Hazel');
  });

  it('maps a race to several races, sharing the percentage, and re-maps it', async () => {
    const [race] = (await rowsOf('race', 'unmapped')).rows;
    await post('/api/updatemappingfield', { id: 'race', type: [race!.id], mapped_type: 'White,Asian' });
    const d1 = await donorByEmail('map1@mapping.test');
    const races = () =>
      t.db
        .select({ name: donorRaces.name, percentage: donorRaces.percentage })
        .from(donorRaces)
        .where(eq(donorRaces.donorId, d1.userId))
        .orderBy(donorRaces.name);
    expect(await races()).toEqual([
      { name: 'Asian', percentage: 50 },
      { name: 'White', percentage: 50 },
    ]);
    expect((await donorByEmail('map1@mapping.test')).raceNames.sort()).toEqual(['Asian', 'White']);
    expect((await rowsOf('race', 'mapped')).rows[0]!.mapped_type_name).toBe('White, Asian');
    await post('/api/updatemappingfielde', { id: 'race', type_id: race!.id, mapped_type: 'White' });
    expect(await races()).toEqual([{ name: 'White', percentage: 100 }]);
  });

  it("saves a DOB mapping only with a value: 'Please enter Date of birth'", async () => {
    const [dob] = (await rowsOf('dob', 'unmapped')).rows;
    const empty = await post('/api/updatemappingfielde', { id: 'dob', type_id: dob!.id, mapped_type: '' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('Please enter Date of birth');
    const bad = await post('/api/updatemappingfielde', {
      id: 'dob',
      type_id: dob!.id,
      mapped_type: '1998-02-31',
    });
    expect(body(bad).message).toBe('Date of birth must be a valid date, not in the future.');
    expect((await donorByEmail('map1@mapping.test')).dateOfBirth).toBeNull();
    const res = await post('/api/updatemappingfielde', {
      id: 'dob',
      type_id: dob!.id,
      mapped_type: '1998-02-03',
    });
    expect(res.statusCode).toBe(200);
    expect((await donorByEmail('map1@mapping.test')).dateOfBirth).toBe('1998-02-03');
  });

  it('a later import uses the saved mappings and links only values still unmapped', async () => {
    await importAs('admin85@demo.test', [
      {
        key: 'MAP-3',
        email: 'map3@mapping.test',
        dob: '02/03/1998',
        eye: 'SKY BLUE',
        hair: 'Auburnish',
        race: 'caucasian',
      },
    ]);
    const d3 = await donorByEmail('map3@mapping.test');
    expect(d3).toMatchObject({ centerId: 85, eyeColor: 'Gray', dateOfBirth: '1998-02-03', hairColor: null });
    expect(d3.raceNames).toEqual(['White']);
    const links = await t.db
      .select({ value: fieldMappings.sourceValue })
      .from(fieldMappingDonors)
      .innerJoin(fieldMappings, eq(fieldMappings.id, fieldMappingDonors.mappingId))
      .where(eq(fieldMappingDonors.donorId, d3.userId));
    expect(links).toEqual([{ value: 'Auburnish' }]);
    const [auburn] = await t.db
      .select()
      .from(fieldMappings)
      .where(and(eq(fieldMappings.field, 'hair_color'), eq(fieldMappings.sourceKey, 'auburnish')));
    expect(auburn!.mappedValue).toBeNull();
  });
});
