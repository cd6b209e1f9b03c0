import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { demoDonors, uploadRequests } from '../../test/uploads.js';

let t: TestApp;
let dana: number; // donor@demo.test, center 1, has seeded media
let nia: number; // newdonor@demo.test, center 1, no media
beforeAll(async () => {
  t = await startTestApp();
  ({ dana, nia } = await demoDonors(t));
});
afterAll(() => t.close());

const { post, get, audits } = uploadRequests(() => t);

describe('GET /api/donormedia/:id and image guidelines', () => {
  it('answers 401, 403, 404 and 400', async () => {
    expect((await get(`/api/donormedia/${dana}`)).statusCode).toBe(401);
    expect((await get(`/api/donormedia/${dana}`, 'parent@demo.test')).statusCode).toBe(403);
    expect((await get(`/api/donormedia/${dana}`, 'admin85@demo.test')).statusCode).toBe(404);
    expect((await get(`/api/donormedia/${dana}`, 'newdonor@demo.test')).statusCode).toBe(404);
    expect((await get('/api/donormedia/0', 'donor@demo.test')).statusCode).toBe(400);
  });

  it('shows the donor her media and audits a staff read', async () => {
    const before = await audits('donor.read', dana);
    const res = await get(`/api/donormedia/${dana}`, 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body<{ pictures: unknown[] }>(res).data.pictures.length).toBeGreaterThan(0);
    expect(await audits('donor.read', dana)).toBe(before + 1);
    await get(`/api/donormedia/${dana}`, 'donor@demo.test');
    expect(await audits('donor.read', dana)).toBe(before + 1);
  });

  it('records the accepted guidelines', async () => {
    expect((await post('/api/updateimageguidelinesflag', { donor_id: nia })).statusCode).toBe(401);
    expect(
      (await post('/api/updateimageguidelinesflag', { donor_id: nia }, 'parent@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/updateimageguidelinesflag', { donor_id: nia }, 'donor@demo.test')).statusCode,
    ).toBe(404);
    expect((await post('/api/updateimageguidelinesflag', {}, 'newdonor@demo.test')).statusCode).toBe(400);
    const media = async () =>
      body<{ imageGuidelinesAccepted: boolean }>(await get(`/api/donormedia/${nia}`, 'newdonor@demo.test'))
        .data;
    expect((await media()).imageGuidelinesAccepted).toBe(false);
    expect(
      (await post('/api/updateimageguidelinesflag', { donor_id: nia }, 'newdonor@demo.test')).statusCode,
    ).toBe(200);
    expect((await media()).imageGuidelinesAccepted).toBe(true);
  });
});

describe('last visit of staff on the tab', () => {
  it('answers 401, 403 for the donor, 404 for another center, 400', async () => {
    expect((await post('/api/savelastvisitedtimeonuploads', { donor_id: nia })).statusCode).toBe(401);
    expect(
      (await post('/api/savelastvisitedtimeonuploads', { donor_id: nia }, 'newdonor@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/savelastvisitedtimeonuploads', { donor_id: nia }, 'admin85@demo.test')).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/getlastvisitedtimeonuploads', { donor_id: 'x' }, 'admin@demo.test')).statusCode,
    ).toBe(400);
  });

  it('records the visit and gives it to staff only', async () => {
    const before = t.clock.now().getTime();
    expect(
      (await post('/api/savelastvisitedtimeonuploads', { donor_id: nia }, 'manager@demo.test')).statusCode,
    ).toBe(200);
    const got = body<{ lastVisitedAt: string }>(
      await post('/api/getlastvisitedtimeonuploads', { donor_id: nia }, 'admin@demo.test'),
    ).data;
    const at = Date.parse(got.lastVisitedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThan(before + 60_000);
    const staffView = body<{ lastVisitedAt: string | null }>(
      await get(`/api/donormedia/${nia}`, 'admin@demo.test'),
    ).data;
    expect(staffView.lastVisitedAt).toBe(got.lastVisitedAt);
    const donorView = body<{ lastVisitedAt: string | null }>(
      await get(`/api/donormedia/${nia}`, 'newdonor@demo.test'),
    ).data;
    expect(donorView.lastVisitedAt).toBeNull();
  });
});

// --- documents
