import { EMAIL_TYPE, MSG, ROLE } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorShares, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/crypto.js';
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

describe('sharing a donor with another case manager', () => {
  let other: number;
  beforeAll(async () => {
    const [center1Manager] = await t.db.select().from(users).where(eq(users.username, 'manager@demo.test'));
    const [row] = await t.db
      .insert(users)
      .values({
        username: 'manager-two@demo.test',
        role: ROLE.MANAGER,
        status: 'Active',
        centerId: 1,
        firstName: 'Casey',
        lastName: 'Second',
        passwordHash: await hashPassword('Password1'),
        eulaAcceptedAt: center1Manager!.eulaAcceptedAt,
      })
      .returning();
    other = row!.id;
  });

  it('lists the other managers of the center', async () => {
    const list = body<{ userId: number; name: string }[]>(
      await get('/api/getmanagers', 'manager@demo.test'),
    ).data;
    expect(list).toEqual([{ userId: other, name: 'Casey Second' }]);
    expect((await get('/api/getmanagers', 'parent@demo.test')).statusCode).toBe(403);
  });

  it('needs a manager of the same center', async () => {
    const none = await send(
      'POST',
      '/api/sharedonortomanager',
      { donor_id: donorA, message: 'hi' },
      'manager@demo.test',
    );
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe(MSG.SELECT_MANAGER);
    const [m85] = await t.db.select().from(users).where(eq(users.username, 'manager85@demo.test'));
    const foreign = await send(
      'POST',
      '/api/sharedonortomanager',
      { donor_id: donorA, shared_to: m85!.id, message: 'hi' },
      'manager@demo.test',
    );
    expect(body(foreign).message).toBe(MSG.SELECT_MANAGER);
    expect(
      (
        await send(
          'POST',
          '/api/sharedonortomanager',
          { donor_id: center85Donor, shared_to: other, message: 'hi' },
          'manager@demo.test',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('shares, e-mails the manager and lists it on their shared donors', async () => {
    const res = await send(
      'POST',
      '/api/sharedonortomanager',
      { donor_id: donorA, shared_to: other, message: 'Worth a look', display_id: 'x' },
      'manager@demo.test',
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.DONOR_SHARED);
    const mail = await t.outbox('manager-two@demo.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.emailTypeId).toBe(EMAIL_TYPE.SHARE_DONOR);
    expect(mail[0]!.html).toContain('Worth a look');
    expect(mail[0]!.html).toContain(`/#/donordetails/${donorA}`);
    const list = body<{ donorId: number; message: string; sharedByName: string }[]>(
      await get('/api/getshareddonorlist', 'manager-two@demo.test'),
    ).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ donorId: donorA, message: 'Worth a look' });
    expect(list[0]!.sharedByName).not.toBe('');
    expect(await t.db.select().from(donorShares)).toHaveLength(1);
    expect(await auditCount('donor.share', donorA)).toBe(1);
    expect((await get('/api/getshareddonorlist', 'admin@demo.test')).statusCode).toBe(403);
  });
});

describe('POST /api/requestdonordetailsaccess', () => {
  const url = '/api/requestdonordetailsaccess';
  const ask = (payload: Record<string, unknown>, as?: string) => send('POST', url, payload, as);

  it('answers 401 anonymous, 403 for a role without search and for a case manager', async () => {
    expect((await ask({ donorId: donorA, query: 'x' })).statusCode).toBe(401);
    expect((await ask({ donorId: donorA, query: 'x' }, 'admin@demo.test')).statusCode).toBe(403);
    expect((await ask({ donorId: donorA, query: 'x' }, 'manager@demo.test')).statusCode).toBe(403);
  });

  it('answers 404 for a donor the client may not see and 400 without a question', async () => {
    expect((await ask({ donorId: center85Donor, query: 'More please' }, 'parent@demo.test')).statusCode).toBe(
      404,
    );
    const blank = await ask({ donorId: donorA, query: '   ' }, 'parent@demo.test');
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe(MSG.QUERY_EMPTY);
    const missing = await ask({ donorId: donorA }, 'parent@demo.test');
    expect(body(missing).message).toBe(MSG.QUERY_EMPTY);
    const bad = await ask({ donorId: 'x', query: 'hi' }, 'parent@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Donor id is invalid.');
  });

  it("stores the request, mails the client's case manager and audits it", async () => {
    const [parent] = await t.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
    const [manager] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, parent!.managerId ?? -1));
    const to = manager?.username ?? 'manager@demo.test';
    const before = (await t.outbox(to)).length;
    const res = await ask(
      {
        donorId: donorA,
        displayId: 'ignored',
        query: 'May I see her first name?',
        query_flag: 1,
        fullName: 'Someone Else',
        userId: 1,
      },
      'parent@demo.test',
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.DETAILS_ACCESS_REQUESTED);
    const mail = await t.outbox(to);
    expect(mail).toHaveLength(before + 1);
    const last = mail.at(-1)!;
    expect(last.emailTypeId).toBe(EMAIL_TYPE.DETAILS_ACCESS_REQUEST);
    expect(last.html).toContain('May I see her first name?');
    expect(last.html).toContain(`/#/donordetails/${donorA}`);
    expect(last.html).not.toContain('Someone Else');
    expect(await auditCount('donor.details_access_request', donorA)).toBe(1);
  });
});

describe('POST /api/setfavandnotesnotification', () => {
  const url = '/api/setfavandnotesnotification';
  const note = (payload: Record<string, unknown>, as?: string) => send('POST', url, payload, as);

  it('answers 401 anonymous, 403 without the favourites page and for a case manager', async () => {
    expect((await note({ donor_id: donorA, type: 'favorite' })).statusCode).toBe(401);
    expect((await note({ donor_id: donorA, type: 'favorite' }, 'admin@demo.test')).statusCode).toBe(403);
    expect((await note({ donor_id: donorA, type: 'favorite' }, 'manager@demo.test')).statusCode).toBe(403);
  });

  it('answers 404 for a donor the client may not see and 400 for bad input', async () => {
    expect((await note({ donor_id: center85Donor, type: 'favorite' }, 'parent@demo.test')).statusCode).toBe(
      404,
    );
    const blank = await note({ donor_id: donorA, type: 'notes', message: '  ' }, 'parent@demo.test');
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe(MSG.NOTE_BLANK);
    const type = await note({ donor_id: donorA, type: 'like' }, 'parent@demo.test');
    expect(type.statusCode).toBe(400);
    expect(body(type).message).toContain('Type must be favorite or notes.');
  });

  it("e-mails the client's case manager for a favourite and for a note, audited", async () => {
    const [parent] = await t.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
    const [manager] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, parent!.managerId ?? -1));
    const to = manager?.username ?? 'manager@demo.test';
    const before = (await t.outbox(to)).length;
    expect(
      (await note({ donor_id: donorA, type: 'favorite', shared_by: 1 }, 'parent@demo.test')).statusCode,
    ).toBe(200);
    const res = await note(
      { donor_id: donorA, type: 'notes', message: 'Love her essay', portfolio: 3 },
      'parent@demo.test',
    );
    expect(res.statusCode).toBe(200);
    const mail = (await t.outbox(to)).slice(before);
    expect(mail.map((m) => m.emailTypeId)).toEqual([
      EMAIL_TYPE.FAVORITE_NOTES_NOTIFICATION,
      EMAIL_TYPE.FAVORITE_NOTES_NOTIFICATION,
    ]);
    expect(mail[0]!.html).toContain('added to their favourites');
    expect(mail[1]!.html).toContain('Love her essay');
    expect(await auditCount('donor.notify_favorite', donorA)).toBe(1);
    expect(await auditCount('donor.notify_notes', donorA)).toBe(1);
  });
});
