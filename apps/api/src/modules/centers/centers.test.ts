import { type AgencyData, type CenterOption, MSG } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centerDonorAccess, centers, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, as?: string, headers?: Record<string, string>) =>
  t.request({ method: 'GET', url, as, headers });
const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });

const ALL_CENTERS = [
  { centerId: 46, name: 'Circle Surrogacy' },
  { centerId: 36, name: 'Consultant Clinic' },
  { centerId: 111, name: 'Consumer Donor Bank' },
  { centerId: 133, name: 'GWK Egg Bank' },
  { centerId: 85, name: 'Hatch Fertility' },
  { centerId: 1, name: 'Main Agency' },
];
const HATCH_SEES = [
  { centerId: 85, name: 'Hatch Fertility' },
  { centerId: 1, name: 'Main Agency' },
];
const idsOf = (list: CenterOption[]) => list.map((c) => c.centerId).sort((a, b) => a - b);

async function setCenter(id: number, values: Partial<typeof centers.$inferInsert>): Promise<void> {
  await t.db.update(centers).set(values).where(eq(centers.id, id));
}

describe('GET /api/getcurrentyearandagencydata', () => {
  const agencyOf = async (url: string, as?: string, headers?: Record<string, string>) => {
    const res = await get(url, as, headers);
    expect(res.statusCode).toBe(200);
    return body<AgencyData>(res).data;
  };

  it("gives an anonymous visitor the main center's branding and the clock's year", async () => {
    const data = await agencyOf('/api/getcurrentyearandagencydata');
    expect(data).toEqual({
      agency: {
        centerId: 1,
        name: 'Main Agency',
        appTitle: 'Donor Match',
        metaDesc: 'Main Agency: find and match with egg and sperm donors.',
        logoUrl: null,
        preActiveAccess: false,
        consumerSite: false,
      },
      year: t.clock.now().getUTCFullYear(),
    });
  });

  it('brands for a visible center named in the query, else falls back to the main center', async () => {
    const consumer = await agencyOf('/api/getcurrentyearandagencydata?centerId=111');
    expect(consumer.agency).toMatchObject({
      centerId: 111,
      name: 'Consumer Donor Bank',
      appTitle: 'Donor Match Direct',
      preActiveAccess: true,
      consumerSite: true,
    });
    expect((await agencyOf('/api/getcurrentyearandagencydata?centerId=999')).agency.centerId).toBe(1);
    await setCenter(46, { visible: false });
    try {
      expect((await agencyOf('/api/getcurrentyearandagencydata?centerId=46')).agency.centerId).toBe(1);
    } finally {
      await setCenter(46, { visible: true });
    }
  });

  it("brands for the signed-in caller's center whatever the query says", async () => {
    const data = await agencyOf('/api/getcurrentyearandagencydata?centerId=85', 'admin111@demo.test');
    expect(data.agency).toMatchObject({ centerId: 111, appTitle: 'Donor Match Direct' });
    // A stale token on a public route is simply anonymous.
    expect((await agencyOf('/api/getcurrentyearandagencydata', 'not-a-token')).agency.centerId).toBe(1);
  });

  it("brands by the request's host when a center's domain matches it", async () => {
    await setCenter(85, { domain: 'donors.hatch.example' });
    try {
      const host = { host: 'Donors.Hatch.Example:8443' };
      expect((await agencyOf('/api/getcurrentyearandagencydata', undefined, host)).agency.centerId).toBe(85);
      const named = await agencyOf('/api/getcurrentyearandagencydata?centerId=111', undefined, host);
      expect(named.agency.centerId).toBe(111);
    } finally {
      await setCenter(85, { domain: 'Agency' });
    }
  });

  it('answers 400 naming the field for a malformed center id', async () => {
    const res = await get('/api/getcurrentyearandagencydata?centerId=abc');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Center id is invalid.');
  });
});

describe('GET /api/getcenters', () => {
  it('answers 401 anonymously and 403 to clients and donors', async () => {
    const anonymous = await get('/api/getcenters');
    expect(anonymous.statusCode).toBe(401);
    expect(body(anonymous).message).toBe(MSG.NO_TOKEN);
    for (const as of ['parent@demo.test', 'donor@demo.test', 'parent111@demo.test']) {
      const res = await get('/api/getcenters', as);
      expect(res.statusCode, as).toBe(403);
      expect(body(res).message).toBe(MSG.UNAUTHORIZED);
    }
  });

  it('gives the master every center', async () => {
    const res = await get('/api/getcenters', 'master@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual(ALL_CENTERS);
  });

  it('limits other staff to their center and the centers whose donors it may see', async () => {
    for (const as of ['admin85@demo.test', 'manager85@demo.test']) {
      const res = await get('/api/getcenters', as);
      expect(res.statusCode, as).toBe(200);
      expect(body(res).data, as).toEqual(HATCH_SEES);
    }
    expect(body(await get('/api/getcenters', 'admin@demo.test')).data).toEqual([
      { centerId: 1, name: 'Main Agency' },
    ]);
  });

  it("leaves centers excluded from center lists out of other centers' lists, but not their own", async () => {
    const consumer = body<CenterOption[]>(await get('/api/getcenters', 'admin111@demo.test')).data;
    expect(idsOf(consumer)).toEqual([1, 36, 46, 85, 111]);
    const gwk = body<CenterOption[]>(await get('/api/getcenters', 'admin133@demo.test')).data;
    expect(idsOf(gwk)).toEqual([1, 133]);
  });

  it("with adm_id lists only that staff member's center, if the caller may see it", async () => {
    const idOf = async (username: string) =>
      (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
    const admin85 = await idOf('admin85@demo.test');
    const parent = await idOf('parent@demo.test');
    expect((await get(`/api/getcenters?adm_id=${admin85}`)).statusCode).toBe(401);
    expect((await get(`/api/getcenters?adm_id=${admin85}`, 'parent@demo.test')).statusCode).toBe(403);
    const bad = await get('/api/getcenters?adm_id=x', 'master@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Admin is invalid.');
    expect(body(await get(`/api/getcenters?adm_id=${admin85}`, 'master@demo.test')).data).toEqual([
      { centerId: 85, name: 'Hatch Fertility' },
    ]);
    // A center the caller may not list is not revealed; nor is a client's center.
    expect(body(await get(`/api/getcenters?adm_id=${admin85}`, 'admin@demo.test')).data).toEqual([]);
    expect(body(await get(`/api/getcenters?adm_id=${parent}`, 'master@demo.test')).data).toEqual([]);
    expect(body(await get('/api/getcenters?adm_id=999999', 'master@demo.test')).data).toEqual([]);
  });

  it('drops hidden centers from the lists of other centers', async () => {
    await setCenter(85, { visible: false });
    try {
      const consumer = body<CenterOption[]>(await get('/api/getcenters', 'admin111@demo.test')).data;
      expect(idsOf(consumer)).toEqual([1, 36, 46, 111]);
      expect(body(await get('/api/getcenters', 'admin85@demo.test')).data).toEqual(HATCH_SEES);
    } finally {
      await setCenter(85, { visible: true });
    }
  });
});

describe('GET /api/getagencieshasdonoraccess', () => {
  it('answers 401 anonymously and 403 to donors', async () => {
    expect((await get('/api/getagencieshasdonoraccess')).statusCode).toBe(401);
    const donor = await get('/api/getagencieshasdonoraccess', 'donor@demo.test');
    expect(donor.statusCode).toBe(403);
    expect(body(donor).message).toBe(MSG.UNAUTHORIZED);
  });

  it("gives an agency admin only its center's donor access, never another center", async () => {
    const res = await get('/api/getagencieshasdonoraccess', 'admin85@demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: '',
      data: { agencies: HATCH_SEES, agencyWithMultiAgencyAccess: [85] },
    });
  });

  it("gives clients and managers their center's access too", async () => {
    const parent = (await get('/api/getagencieshasdonoraccess', 'parent@demo.test')).json();
    expect(parent.data.agencies).toEqual([{ centerId: 1, name: 'Main Agency' }]);
    expect(parent.data.agencyWithMultiAgencyAccess).toEqual([]);
    const consumer = (await get('/api/getagencieshasdonoraccess', 'parent111@demo.test')).json();
    // Donor access is not the center picker: the consumer center sees center 133's donors.
    expect(idsOf(consumer.data.agencies)).toEqual([1, 36, 46, 85, 111, 133]);
    expect(consumer.data.agencyWithMultiAgencyAccess).toEqual([36, 46, 85, 111, 133]);
    const manager = (await get('/api/getagencieshasdonoraccess', 'manager85@demo.test')).json();
    expect(manager.data.agencies).toEqual(HATCH_SEES);
  });

  it('gives the master every center', async () => {
    const res = (await get('/api/getagencieshasdonoraccess', 'master@demo.test')).json();
    expect(res.data.agencies).toEqual(ALL_CENTERS);
    expect(res.data.agencyWithMultiAgencyAccess).toEqual([36, 46, 85, 111, 133]);
  });
});

describe('reference data: countries, states, cities', () => {
  it('lists every country by name, anonymously', async () => {
    const res = await get('/api/getallcountries');
    expect(res.statusCode).toBe(200);
    const list = body<{ isoCode: string; name: string; phoneCode: string }[]>(res).data;
    expect(list.map((c) => c.isoCode)).toEqual(['CA', 'IN', 'GB', 'US']);
    expect(list).toContainEqual({ isoCode: 'US', name: 'United States', phoneCode: '1' });
  });

  it("lists a country's states and a state's cities, by name", async () => {
    const states = body<{ isoCode: string; name: string }[]>(await get('/api/getallstates/us')).data;
    expect(states).toContainEqual({ isoCode: 'NY', name: 'New York' });
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const cities = await get('/api/getallcities/NY/US');
    expect(cities.statusCode).toBe(200);
    const cityNames = body<{ name: string }[]>(cities).data.map((c) => c.name);
    expect(cityNames).toContain('Albany');
    expect(new Set(cityNames).size).toBe(cityNames.length);
  });

  it('answers 400 for a missing or unknown country or state', async () => {
    const cases: [string, string][] = [
      ['/api/getallstates/ZZ', MSG.INVALID_COUNTRY],
      ['/api/getallstates/U$', MSG.INVALID_COUNTRY],
      ['/api/getallcities/NY/ZZ', MSG.INVALID_COUNTRY],
      ['/api/getallcities/QQ/US', MSG.INVALID_STATE],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message, url).toBe(message);
    }
  });
});

describe('POST /api/fetchcoordinate', () => {
  it('answers 401 anonymously', async () => {
    const res = await post('/api/fetchcoordinate', { zip: '10001' });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.NO_TOKEN);
  });

  it("gives a zip code's coordinates to any signed-in user", async () => {
    for (const as of ['parent@demo.test', 'donor@demo.test', 'admin85@demo.test']) {
      const res = await post('/api/fetchcoordinate', { zip: ' 10001 ', country: 'US' }, as);
      expect(res.statusCode, as).toBe(200);
      expect(body(res).data).toEqual({
        zip: '10001',
        latitude: 40.7484,
        longitude: -73.9967,
        city: 'New York',
        state: 'NY',
      });
    }
  });

  it('looks a Canadian postal code up by its first three characters', async () => {
    const res = await post('/api/fetchcoordinate', { zip: 't0a 1a0', country: 'CA' }, 'parent@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ zip: 'T0A 1A0', state: 'Alberta' });
  });

  it('answers 400 for an unknown zip code, or {valid} when only checking', async () => {
    const unknown = await post('/api/fetchcoordinate', { zip: '00000' }, 'parent@demo.test');
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe(MSG.INVALID_ZIP);
    const check = await post('/api/fetchcoordinate', { zip: '00000', checkOnly: true }, 'parent@demo.test');
    expect(check.statusCode).toBe(200);
    expect(body(check).data).toEqual({ valid: false });
    const known = await post('/api/fetchcoordinate', { zip: '10001', checkOnly: true }, 'parent@demo.test');
    expect(body(known).data).toEqual({ valid: true });
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Zip is required.'],
      [{ zip: '   ' }, 'Zip is required.'],
      [{ zip: '1234' }, MSG.INVALID_ZIP],
      [{ zip: '123456' }, MSG.INVALID_ZIP],
      [{ zip: 'abcde' }, MSG.INVALID_ZIP],
      [{ zip: 10001 }, MSG.INVALID_ZIP],
      [{ zip: '10001', country: 'U$' }, MSG.INVALID_COUNTRY],
      [{ zip: '10001', country: 'GB' }, MSG.INVALID_ZIP],
      [{ zip: '10001', checkOnly: 'yes' }, 'Check only is invalid.'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/fetchcoordinate', payload, 'parent@demo.test');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message, JSON.stringify(payload)).toBe(message);
    }
  });
});

describe('POST /api/checkcoordinateszipcode', () => {
  it('answers 401 anonymously', async () => {
    expect((await post('/api/checkcoordinateszipcode', { zip: '10001' })).statusCode).toBe(401);
  });

  it('tells whether a zip code is known', async () => {
    const known = await post('/api/checkcoordinateszipcode', { zip: '10001' }, 'donor@demo.test');
    expect(known.statusCode).toBe(200);
    expect(body(known).data).toEqual({ val: true });
    const unknown = await post('/api/checkcoordinateszipcode', { zip: '00000' }, 'donor@demo.test');
    expect(body(unknown).data).toEqual({ val: false });
  });

  it('answers 400 naming the field for bad input', async () => {
    const missing = await post('/api/checkcoordinateszipcode', {}, 'donor@demo.test');
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Zip is required.');
    const malformed = await post('/api/checkcoordinateszipcode', { zip: '12-45' }, 'donor@demo.test');
    expect(body(malformed).message).toBe(MSG.INVALID_ZIP);
  });
});

// Last: moving the clock a year on expires every session the other tests use.
describe('POST /api/checkfornewagency', () => {
  const url = '/api/checkfornewagency';
  it('answers 401 anonymous, 403 without the search page, 400 for a bad date', async () => {
    expect((await post(url, { last_login: '2026-01-01' })).statusCode).toBe(401);
    expect((await post(url, { last_login: '2026-01-01' }, 'admin@demo.test')).statusCode).toBe(403);
    const bad = await post(url, { last_login: 'yesterday-ish' }, 'parent@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Last login is invalid.');
  });

  it('names the centers granted since the last login, and only those', async () => {
    await t.db
      .delete(centerDonorAccess)
      .where(and(eq(centerDonorAccess.centerId, 1), eq(centerDonorAccess.allowedCenterId, 46)));
    const before = new Date(Date.now() - 1000);
    await t.db.insert(centerDonorAccess).values({ centerId: 1, allowedCenterId: 46 });
    const res = await post(url, { last_login: before.toISOString() }, 'parent@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body<CenterOption[]>(res).data.map((c) => c.centerId)).toEqual([46]);
    const manager = await post(url, { last_login: before.toISOString() }, 'manager@demo.test');
    expect(body<CenterOption[]>(manager).data.map((c) => c.centerId)).toEqual([46]);
    // Another center was granted nothing since then.
    expect(
      body<CenterOption[]>(await post(url, { last_login: before.toISOString() }, 'parent85@demo.test')).data,
    ).toEqual([]);
    const later = await post(
      url,
      { last_login: new Date(Date.now() + 60_000).toISOString() },
      'parent@demo.test',
    );
    expect(body<CenterOption[]>(later).data).toEqual([]);
  });
});

describe('the year', () => {
  it("is the clock's year, not the machine's", async () => {
    t.clock.advance(400 * 24 * 60 * 60 * 1000);
    const res = await get('/api/getcurrentyearandagencydata');
    expect(body<AgencyData>(res).data.year).toBe(t.clock.now().getUTCFullYear());
    expect(body<AgencyData>(res).data.year).toBeGreaterThan(new Date().getUTCFullYear());
  });
});
