import {
  type AgencyList,
  type AgencyRow,
  type AllowedOrganization,
  type CenterOption,
  MSG,
  type SearchAnswer,
  type ZipCodeList,
  type ZipCodeRow,
} from '@dm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centerDonorAccess, centers, donors, users, zipCodes } from '../../db/schema/index.js';
import { resolveSession } from '../../platform/auth-context.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { donorVisibility } from '../donor-access/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MASTER = 'master@demo.test';
const post = (url: string, payload: Record<string, unknown>, as: string | null = MASTER) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as: string | null = MASTER) => t.request({ method: 'GET', url, as });

const NEW_AGENCY = {
  name: 'Sunrise Fertility',
  email: 'hello@sunrise.test',
  contact_no: '(212) 555-0100',
  agency_url: 'https://sunrise.test',
  zipcode: '10001',
  country: 'US',
  address: '1 Main St',
  summary: 'A test agency',
};

const audits = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

const AGENCY_ROUTES = [
  { method: 'POST', url: '/api/getcentersdetails/0', payload: {} },
  { method: 'POST', url: '/api/getcentersdetails/85', payload: {} },
  { method: 'POST', url: '/api/addcenterdetails', payload: NEW_AGENCY },
  { method: 'POST', url: '/api/updatecenterdetails', payload: { ...NEW_AGENCY, center_id: 85 } },
  { method: 'POST', url: '/api/agencyvisibility', payload: { center_id: 85, status: 1 } },
  { method: 'GET', url: '/api/getallowedorganization/85' },
  { method: 'POST', url: '/api/updateallowedorganization', payload: { center_id: 85, center_details: [1] } },
] as const;
const ZIP_ROUTES = [
  { method: 'POST', url: '/api/getzipcodes', payload: {} },
  { method: 'POST', url: '/api/addzipcode', payload: { zipcode: '00000', latitude: 1, longitude: 1 } },
  {
    method: 'POST',
    url: '/api/updatezipcodedetails',
    payload: { zipcode: '10001', latitude: 1, longitude: 1 },
  },
  { method: 'POST', url: '/api/deletezipcodedetails', payload: { zipcode: '00000' } },
] as const;

describe('access', () => {
  it('answers 401 without a session on every route', async () => {
    for (const r of [...AGENCY_ROUTES, ...ZIP_ROUTES]) {
      const res = await t.request({ ...r, as: null });
      expect(res.statusCode, r.url).toBe(401);
    }
  });

  it('keeps agency administration to the master admin', async () => {
    for (const as of ['admin@demo.test', 'manager@demo.test', 'parent@demo.test', 'donor@demo.test']) {
      for (const r of AGENCY_ROUTES) {
        const res = await t.request({ ...r, as });
        expect(res.statusCode, `${as} ${r.url}`).toBe(403);
      }
    }
  });

  it('keeps the zip-code table to the master and agency admins (the page table gives admins zip codes)', async () => {
    for (const as of ['manager@demo.test', 'parent@demo.test', 'donor@demo.test']) {
      for (const r of ZIP_ROUTES) {
        const res = await t.request({ ...r, as });
        expect(res.statusCode, `${as} ${r.url}`).toBe(403);
      }
    }
    expect((await post('/api/getzipcodes', {}, 'admin@demo.test')).statusCode).toBe(200);
  });
});

describe('POST /getcentersdetails/{id}', () => {
  it('lists agencies with active and archived user counts, paged and sorted', async () => {
    const res = await post('/api/getcentersdetails/0', { from: 0, to: 3, sort: 'name', ord: 'asc' });
    expect(res.statusCode).toBe(200);
    const data = body<AgencyList>(res).data;
    const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(centers);
    expect(data.count).toBe(n!.n);
    expect(data.rows.map((r) => r.name)).toEqual([
      'Circle Surrogacy',
      'Consultant Clinic',
      'Consumer Donor Bank',
    ]);
    const page2 = body<AgencyList>(await post('/api/getcentersdetails/0', { from: 3, to: 3 })).data;
    expect(page2.rows.map((r) => r.name)).toEqual(['GWK Egg Bank', 'Hatch Fertility', 'Main Agency']);
    const main = page2.rows.find((r) => r.centerId === 1)!;
    const counts = await t.db
      .select({ status: users.status, n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.centerId, 1))
      .groupBy(users.status);
    expect(main.activecount).toBe(counts.find((c) => c.status === 'Active')?.n ?? 0);
    expect(main.archivedcount).toBe(counts.find((c) => c.status === 'Archived')?.n ?? 0);
    expect(main.activecount).toBeGreaterThan(0);
    expect(main.status).toBe(1);
  });

  it('searches and sorts descending by the active count', async () => {
    const found = body<AgencyList>(await post('/api/getcentersdetails/0', { search: 'hatch' })).data;
    expect(found.rows.map((r) => r.centerId)).toEqual([85]);
    expect(found.count).toBe(1);
    const sorted = body<AgencyList>(
      await post('/api/getcentersdetails/0', { sort: 'activecount', ord: 'desc' }),
    ).data.rows;
    const countsDesc = sorted.map((r) => r.activecount);
    expect(countsDesc).toEqual([...countsDesc].sort((a, b) => b - a));
  });

  it('answers one agency by id, 404 for an unknown one, 400 for bad paging', async () => {
    const one = body<AgencyRow>(await post('/api/getcentersdetails/85', {})).data;
    expect(one).toMatchObject({ centerId: 85, name: 'Hatch Fertility' });
    expect((await post('/api/getcentersdetails/9999', {})).statusCode).toBe(404);
    const bad = await post('/api/getcentersdetails/0', { sort: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Sort is invalid.');
  });
});

describe('POST /addcenterdetails', () => {
  it('answers 400 naming the missing or invalid field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...NEW_AGENCY, name: '' }, 'Name is required.'],
      [{ ...NEW_AGENCY, email: 'nope' }, MSG.INVALID_EMAIL],
      [{ ...NEW_AGENCY, contact_no: '' }, 'Contact number is required.'],
      [{ ...NEW_AGENCY, agency_url: 'not a url' }, 'Agency URL is invalid.'],
      [{ ...NEW_AGENCY, zipcode: undefined }, 'Zip code is required.'],
      [{ ...NEW_AGENCY, country: undefined }, 'Country is required.'],
      [{ ...NEW_AGENCY, zipcode: '00000' }, MSG.INVALID_ZIP],
      [{ ...NEW_AGENCY, country: 'ZZ' }, MSG.INVALID_COUNTRY],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/addcenterdetails', payload);
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toContain(message);
    }
  });

  it('rejects a registered name or e-mail and flags the field', async () => {
    const byName = await post('/api/addcenterdetails', { ...NEW_AGENCY, name: ' hatch fertility ' });
    expect(byName.statusCode).toBe(400);
    expect(body(byName)).toMatchObject({ message: MSG.ORGANIZATION_REGISTERED, data: { field: 'name' } });
    const [hatch] = await t.db.select({ email: centers.email }).from(centers).where(eq(centers.id, 85));
    const byEmail = await post('/api/addcenterdetails', { ...NEW_AGENCY, email: hatch!.email.toUpperCase() });
    expect(byEmail.statusCode).toBe(400);
    expect(body(byEmail)).toMatchObject({ message: MSG.EMAIL_REGISTERED, data: { field: 'email' } });
  });

  it('adds a visible agency that sees its own donors, and audits it', async () => {
    const res = await post('/api/addcenterdetails', NEW_AGENCY);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.AGENCY_ADDED);
    const added = body<AgencyRow>(res).data;
    const [row] = await t.db.select().from(centers).where(eq(centers.id, added.centerId));
    expect(row).toMatchObject({
      name: 'Sunrise Fertility',
      email: 'hello@sunrise.test',
      contactNo: '2125550100',
      agencyUrl: 'https://sunrise.test',
      zipcode: '10001',
      country: 'United States',
      visible: true,
    });
    const access = await t.db
      .select({ centerId: centerDonorAccess.centerId, allowedCenterId: centerDonorAccess.allowedCenterId })
      .from(centerDonorAccess)
      .where(eq(centerDonorAccess.centerId, added.centerId));
    expect(access).toEqual([{ centerId: added.centerId, allowedCenterId: added.centerId }]);
    expect((await audits('agency_added')).some((a) => a.entityId === String(added.centerId))).toBe(true);
  });
});

describe('POST /updatecenterdetails', () => {
  const edit = {
    center_id: 36,
    ...NEW_AGENCY,
    name: 'Consultant Clinic West',
    email: 'west@consultant.test',
  };

  it('answers 400 for a missing summary or address, 404 for an unknown agency', async () => {
    const noSummary = await post('/api/updatecenterdetails', { ...edit, summary: '' });
    expect(noSummary.statusCode).toBe(400);
    expect(body(noSummary).message).toContain('Summary is required.');
    const noAddress = await post('/api/updatecenterdetails', { ...edit, address: '' });
    expect(body(noAddress).message).toContain('Address is required.');
    expect((await post('/api/updatecenterdetails', { ...edit, center_id: 9999 })).statusCode).toBe(404);
  });

  it("rejects another agency's name but keeps its own", async () => {
    const clash = await post('/api/updatecenterdetails', { ...edit, name: 'Main Agency' });
    expect(body(clash)).toMatchObject({ message: MSG.ORGANIZATION_REGISTERED, data: { field: 'name' } });
    const same = await post('/api/updatecenterdetails', { ...edit, name: 'Consultant Clinic' });
    expect(same.statusCode).toBe(200);
  });

  it('saves the fields and audits which changed', async () => {
    const res = await post('/api/updatecenterdetails', edit);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(centers).where(eq(centers.id, 36));
    expect(row).toMatchObject({
      name: 'Consultant Clinic West',
      email: 'west@consultant.test',
      summary: 'A test agency',
    });
    const [entry] = (await audits('agency_updated')).filter((a) => a.entityId === '36').slice(-1);
    expect(entry!.details).toMatchObject({ fields: ['name'] });
  });
});

describe('POST /agencyvisibility', () => {
  it("hides an agency from other centers' lists and shows it again", async () => {
    const centerIds = async () =>
      body<CenterOption[]>(await get('/api/getcenters', 'admin111@demo.test')).data.map((c) => c.centerId);
    expect(await centerIds()).toContain(46);
    const hide = await post('/api/agencyvisibility', { center_id: 46, status: 0 });
    expect(hide.statusCode).toBe(200);
    expect(body<AgencyRow>(hide).data.status).toBe(0);
    expect(await centerIds()).not.toContain(46);
    const [branding] = [
      body<{ agency: { centerId: number } }>(await get('/api/getcurrentyearandagencydata?centerId=46', null))
        .data,
    ];
    expect(branding!.agency.centerId).toBe(1);
    await post('/api/agencyvisibility', { center_id: 46, status: 1 });
    expect(await centerIds()).toContain(46);
    expect((await audits('agency_visibility')).length).toBe(2);
  });

  it('answers 400 for a bad status and 404 for an unknown agency', async () => {
    const bad = await post('/api/agencyvisibility', { center_id: 46, status: 2 });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Status must be 0 or 1.');
    expect((await post('/api/agencyvisibility', { center_id: 9999, status: 1 })).statusCode).toBe(404);
  });
});

describe('allowed organizations', () => {
  it('lists every other center with whether its donors are shared', async () => {
    const res = await get('/api/getallowedorganization/85');
    expect(res.statusCode).toBe(200);
    const list = body<AllowedOrganization[]>(res).data;
    expect(list.find((c) => c.centerId === 85)).toBeUndefined();
    expect(list.find((c) => c.centerId === 1)?.allowed).toBe(true);
    expect(list.find((c) => c.centerId === 133)?.allowed).toBe(false);
    expect((await get('/api/getallowedorganization/9999')).statusCode).toBe(404);
  });

  it('answers 400 for unknown centers or a bad list, 404 for an unknown center', async () => {
    const unknown = await post('/api/updateallowedorganization', { center_id: 85, center_details: [9999] });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toContain('Center id is invalid.');
    const notList = await post('/api/updateallowedorganization', { center_id: 85, center_details: 'all' });
    expect(notList.statusCode).toBe(400);
    expect(body(notList).message).toContain('Center details must be a list of center ids.');
    const missing = await post('/api/updateallowedorganization', { center_id: 9999, center_details: [] });
    expect(missing.statusCode).toBe(404);
  });

  it('replaces the set, and donor visibility and search follow at once', async () => {
    const auth = await resolveSession(t.db, t.clock, await t.tokenFor('manager85@demo.test'));
    const visibleCenters = async () =>
      new Set(
        (
          await t.db
            .selectDistinct({ centerId: donors.centerId })
            .from(donors)
            .where(await donorVisibility(t.db, auth))
        ).map((r) => r.centerId),
      );
    const searchTotal = async () => {
      const res = await post('/api/getdonorlist', {}, 'manager85@demo.test');
      expect(res.statusCode).toBe(200);
      return body<SearchAnswer>(res).data.total;
    };
    expect(await visibleCenters()).toEqual(new Set([85, 1]));
    const before = await searchTotal();

    const res = await post('/api/updateallowedorganization', { center_id: 85, center_details: [133, 85] });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.ALLOWED_ORGANIZATIONS_SAVED);
    expect(
      body<AllowedOrganization[]>(res)
        .data.filter((c) => c.allowed)
        .map((c) => c.centerId),
    ).toEqual([133]);
    const stored = await t.db
      .select({ id: centerDonorAccess.allowedCenterId })
      .from(centerDonorAccess)
      .where(eq(centerDonorAccess.centerId, 85));
    expect(stored.map((r) => r.id).sort((a, b) => a - b)).toEqual([85, 133]);
    const seen = await visibleCenters();
    expect(seen.has(1)).toBe(false);
    expect([...seen].every((id) => id === 85 || id === 133)).toBe(true);
    expect(await searchTotal()).not.toBe(before);
    const [entry] = (await audits('allowed_organizations_saved')).slice(-1);
    expect(entry).toMatchObject({ entityId: '85', details: { allowedCenterIds: [133] } });

    await post('/api/updateallowedorganization', { center_id: 85, center_details: [1] });
    expect(await visibleCenters()).toEqual(new Set([85, 1]));
    expect(await searchTotal()).toBe(before);
  });
});

describe('zip codes', () => {
  const zipRow = (zipcode: string) =>
    t.db
      .select()
      .from(zipCodes)
      .where(and(eq(zipCodes.country, 'US'), eq(zipCodes.zipcode, zipcode)));

  it('lists US zip codes paged and searchable', async () => {
    const res = await post('/api/getzipcodes', { search: '1000', from: 0, to: 5 });
    expect(res.statusCode).toBe(200);
    const data = body<ZipCodeList>(res).data;
    expect(data.rows.length).toBeLessThanOrEqual(5);
    expect(data.rows[0]!.zipcode).toBe('10001');
    expect(data.count).toBeGreaterThanOrEqual(data.rows.length);
    const bad = await post('/api/getzipcodes', { to: 1000 });
    expect(body(bad).message).toContain('To must be at most 100.');
  });

  it('answers 400 for a bad zip, latitude or longitude, and for a duplicate', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ zipcode: '1234', latitude: 1, longitude: 1 }, MSG.ZIP_CODE_FORMAT],
      [{ latitude: 1, longitude: 1 }, 'Zip code is required.'],
      [{ zipcode: '00001', latitude: 91, longitude: 1 }, MSG.LATITUDE_RANGE],
      [{ zipcode: '00001', latitude: 1, longitude: -181 }, MSG.LONGITUDE_RANGE],
      [{ zipcode: '00001', latitude: 1 }, 'Longitude is required.'],
      [{ zipcode: '10001', latitude: 1, longitude: 1 }, MSG.ZIP_CODE_EXISTS],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/addzipcode', payload);
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toContain(message);
    }
  });

  it('adds, edits (also renaming) and deletes a zip code, with audits', async () => {
    const added = await post('/api/addzipcode', { zipcode: '00011', latitude: '40.81', longitude: -73.04 });
    expect(added.statusCode).toBe(200);
    expect(body<ZipCodeRow>(added).data).toMatchObject({ zipcode: '00011', latitude: 40.81 });
    expect(await zipRow('00011')).toHaveLength(1);

    const clash = await post('/api/updatezipcodedetails', {
      old_zipcode: '00011',
      zipcode: '10001',
      latitude: 1,
      longitude: 1,
    });
    expect(body(clash).message).toBe(MSG.ZIP_CODE_EXISTS);
    const missing = await post('/api/updatezipcodedetails', { zipcode: '00009', latitude: 1, longitude: 1 });
    expect(missing.statusCode).toBe(404);

    const edited = await post('/api/updatezipcodedetails', {
      old_zipcode: '00011',
      zipcode: '00012',
      latitude: 41,
      longitude: -74,
    });
    expect(edited.statusCode).toBe(200);
    expect(await zipRow('00011')).toHaveLength(0);
    expect((await zipRow('00012'))[0]).toMatchObject({ latitude: 41, longitude: -74 });

    expect((await post('/api/deletezipcodedetails', { zipcode: '00009' })).statusCode).toBe(404);
    const deleted = await post('/api/deletezipcodedetails', { zipcode: '00012' });
    expect(deleted.statusCode).toBe(200);
    expect(body(deleted).message).toBe(MSG.ZIP_CODE_DELETED);
    expect(await zipRow('00012')).toHaveLength(0);
    for (const action of ['zip_code_added', 'zip_code_updated', 'zip_code_deleted'])
      expect((await audits(action)).length, action).toBe(1);
  });
});
