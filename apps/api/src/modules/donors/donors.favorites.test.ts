import { MSG } from '@dm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites } from '../../db/schema/index.js';
import { resolveSession } from '../../platform/auth-context.js';
import { donorFixtures } from '../../test/donor-fixtures.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const { get, send, clientVisibleDonors, donorOfCenter, auditCount } = donorFixtures(() => t);

let donorA: number;
let center85Donor: number;
beforeAll(async () => {
  [donorA] = await clientVisibleDonors('parent@demo.test', 1, 1);
  center85Donor = await donorOfCenter(85);
});

describe('favourites', () => {
  it('adds, lists and removes; 404 for a donor the client may not see', async () => {
    expect((await send('POST', '/api/savefavoritedonor', { donor_id: donorA })).statusCode).toBe(401);
    expect(
      (await send('POST', '/api/savefavoritedonor', { donor_id: donorA }, 'admin@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/savefavoritedonor', { donor_id: center85Donor }, 'parent@demo.test'))
        .statusCode,
    ).toBe(404);
    const add = await send('POST', '/api/savefavoritedonor', { donor_id: donorA }, 'parent@demo.test');
    expect(add.statusCode).toBe(200);
    expect(body(add).data).toEqual({ added: true });
    expect(
      body(await send('POST', '/api/savefavoritedonor', { donor_id: donorA }, 'parent@demo.test')).data,
    ).toEqual({
      added: false,
    });
    const list = body<{ donorId: number }[]>(await get('/api/getfavoritelist', 'parent@demo.test')).data;
    expect(list.map((d) => d.donorId)).toEqual([donorA]);
    const details = body<{ isFavorite: boolean }>(
      await get(`/api/getdonordetails/${donorA}`, 'parent@demo.test'),
    ).data;
    expect(details.isFavorite).toBe(true);
    expect(await auditCount('favorite.add', donorA)).toBe(1);
  });

  it("lets a manager open a client's favourites of their own center only", async () => {
    const parent = await resolveSession(t.db, t.clock, await t.tokenFor('parent@demo.test'));
    const own = await get(`/api/getfavoritelist/${parent.userId}`, 'manager@demo.test');
    expect(own.statusCode).toBe(200);
    expect(body<{ donorId: number }[]>(own).data.map((d) => d.donorId)).toEqual([donorA]);
    expect((await get(`/api/getfavoritelist/${parent.userId}`, 'manager85@demo.test')).statusCode).toBe(404);
    const other = await resolveSession(t.db, t.clock, await t.tokenFor('parent85@demo.test'));
    expect((await get(`/api/getfavoritelist/${other.userId}`, 'parent@demo.test')).statusCode).toBe(404);
  });

  it('removes, and 404 when it is not a favourite', async () => {
    const res = await send('POST', '/api/removefavoritedonor', { donor_id: donorA }, 'parent@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.FAVORITE_REMOVED);
    expect(
      (await send('POST', '/api/removefavoritedonor', { donor_id: donorA }, 'parent@demo.test')).statusCode,
    ).toBe(404);
    expect(await t.db.select().from(favorites)).toHaveLength(0);
  });
});
