import { ROLE, type SiteTourState } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTourViews, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { userMaker } from '../../test/user-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url: '/api/sitetourseen', payload, as });
const status = (as?: string) => t.request({ method: 'GET', url: '/api/sitetourstatus', as });
const makeUser = userMaker(() => t, { prefix: 'tour', status: 'Pre-Active', lastName: 'Tour' });
async function client(centerId = 111): Promise<string> {
  await makeUser({ role: ROLE.CLIENT, centerId });
  return `tour${makeUser.count}@users.test`;
}

describe('site tour', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await status()).statusCode).toBe(401);
    expect((await post({ outcome: 'finished' })).statusCode).toBe(401);
  });

  it("is the consumer center's clients' alone (403 for staff and for clients of other centers)", async () => {
    const elsewhere = await client(85);
    for (const who of ['admin111@demo.test', 'manager111@demo.test', 'master@demo.test', elsewhere]) {
      expect((await status(who)).statusCode, who).toBe(403);
      expect((await post({ outcome: 'finished' }, who)).statusCode, who).toBe(403);
    }
  });

  it('refuses an unknown outcome with the message', async () => {
    const res = await post({ outcome: 'later' }, await client());
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Outcome must be finished or skipped.');
  });

  it('is offered until finished or skipped, per user; a later skip keeps the finish', async () => {
    const who = await client();
    const other = await client();
    expect(body<SiteTourState>(await status(who)).data).toEqual({ seen: false, outcome: null });

    const skipped = await post({ outcome: 'skipped' }, who);
    expect(skipped.statusCode).toBe(200);
    expect(body<SiteTourState>(skipped).data).toEqual({ seen: true, outcome: 'skipped' });
    // Taken later from the menu and finished.
    expect(body<SiteTourState>(await post({ outcome: 'finished' }, who)).data.outcome).toBe('finished');
    expect(body<SiteTourState>(await post({ outcome: 'skipped' }, who)).data.outcome).toBe('finished');

    const [user] = await t.db.select().from(users).where(eq(users.username, who));
    const rows = await t.db.select().from(siteTourViews).where(eq(siteTourViews.userId, user!.id));
    expect(rows).toHaveLength(1);
    // Another user's state is her own.
    expect(body<SiteTourState>(await status(other)).data.seen).toBe(false);
  });
});
