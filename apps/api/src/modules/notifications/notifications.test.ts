import { MSG, type NotificationItem, type NotificationList } from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PARENT = 'parent@demo.test';
const MANAGER = 'manager@demo.test';
const ADMIN = 'admin@demo.test';
const DONOR = 'donor@demo.test';
const MANAGER85 = 'manager85@demo.test';

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });
const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

/** Inserts a notification for `to`, `daysAgo` days before the test clock's now. */
async function seed(to: string, text: string, daysAgo = 0, kind = 'portfolio_shared'): Promise<number> {
  const [row] = await t.db
    .insert(notifications)
    .values({
      recipientId: await idOf(to),
      sharedBy: await idOf(MANAGER),
      kind,
      text,
      link: '/previewshortlist/1',
      createdAt: new Date(t.clock.now().getTime() - daysAgo * 24 * 3600 * 1000),
    })
    .returning({ id: notifications.id });
  return row!.id;
}
const lastEmitted = () => t.realtime.emitted.at(-1);

describe('access', () => {
  const own: [string, string, Record<string, unknown> | undefined][] = [
    ['GET', '/api/getnotifications', undefined],
    ['GET', '/api/getnotifications/week', undefined],
    ['GET', '/api/readnotificationbyid/1', undefined],
    ['GET', '/api/readnotification', undefined],
    ['POST', '/api/archivenotification', { notification_id: 1 }],
    ['GET', '/api/getnotificationdata/1', undefined],
    ['POST', '/api/sendmessagecasemanager', { message: 'hi' }],
    ['GET', '/api/fetchallmessagesbyuserid/1', undefined],
    ['POST', '/api/sendmessagenotfication', { sharedto: 1, message: 'hi' }],
  ];
  it.each(own)('%s %s: anonymous 401', async (method, url, payload) => {
    expect((await t.request({ method: method as 'GET', url, payload })).statusCode).toBe(401);
  });
  it('staff routes answer 403 to a client and a donor; the case-manager message to staff', async () => {
    for (const as of [PARENT, DONOR]) {
      expect((await get('/api/fetchallmessagesbyuserid/1', as)).statusCode).toBe(403);
      expect((await post('/api/sendmessagenotfication', { sharedto: 1, message: 'hi' }, as)).statusCode).toBe(
        403,
      );
    }
    for (const as of [MANAGER, ADMIN, DONOR]) {
      expect((await post('/api/sendmessagecasemanager', { message: 'hi' }, as)).statusCode).toBe(403);
    }
  });
});

describe('the list and the bell count', () => {
  it('lists own notifications newest first with the unread count, filtered by range', async () => {
    await seed(PARENT, 'Old news', 40);
    await seed(PARENT, 'Two weeks ago', 14);
    await seed(PARENT, 'Fresh news', 1);
    await seed(MANAGER, 'Not for the parent');
    const all = body<NotificationList>(await get('/api/getnotifications', PARENT)).data;
    const texts = all.items.map((i) => i.text);
    expect(texts.slice(0, 3)).toEqual(['Fresh news', 'Two weeks ago', 'Old news']);
    expect(texts).not.toContain('Not for the parent');
    expect(all.unread).toBe(all.items.length);
    expect(all.items[0]!.sharedByName).not.toBe('');
    const week = body<NotificationList>(await get('/api/getnotifications/week', PARENT)).data;
    expect(week.items.map((i) => i.text)).toEqual(['Fresh news']);
    const month = body<NotificationList>(await get('/api/getnotifications/month', PARENT)).data;
    expect(month.items.map((i) => i.text)).toEqual(['Fresh news', 'Two weeks ago']);
    expect(body<NotificationList>(await get('/api/getnotifications/all', PARENT)).data.items).toHaveLength(3);
  });

  it('an unknown range is 400 with the message', async () => {
    const res = await get('/api/getnotifications/year', PARENT);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('Unknown notification filter.');
  });
});

describe('reading and archiving', () => {
  it('reads one (count falls, announced), 404 for another person, 400 for a bad id', async () => {
    const id = await seed(DONOR, 'Read me');
    const other = await seed(MANAGER, 'Someone else');
    const before = body<NotificationList>(await get('/api/getnotifications', DONOR)).data.unread;
    const res = await get(`/api/readnotificationbyid/${id}`, DONOR);
    expect(res.statusCode).toBe(200);
    const answer = body<NotificationList>(res).data;
    expect(answer.items[0]).toMatchObject({ id, read: true });
    expect(answer.unread).toBe(before - 1);
    expect(lastEmitted()).toMatchObject({
      userIds: [await idOf(DONOR)],
      event: 'notification',
      data: { unread: before - 1 },
    });
    expect((await get(`/api/readnotificationbyid/${other}`, DONOR)).statusCode).toBe(404);
    expect((await get(`/api/getnotificationdata/${other}`, DONOR)).statusCode).toBe(404);
    expect((await get('/api/readnotificationbyid/999999999', DONOR)).statusCode).toBe(404);
    expect((await get('/api/readnotificationbyid/abc', DONOR)).statusCode).toBe(400);
    const data = body<NotificationItem>(await get(`/api/getnotificationdata/${id}`, DONOR)).data;
    expect(data).toMatchObject({ id, text: 'Read me', read: true });
  });

  it('reads all', async () => {
    await seed(ADMIN, 'One');
    await seed(ADMIN, 'Two');
    const res = await get('/api/readnotification', ADMIN);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.NOTIFICATIONS_READ);
    expect(body<{ unread: number }>(res).data.unread).toBe(0);
    expect(body<NotificationList>(await get('/api/getnotifications', ADMIN)).data.unread).toBe(0);
    expect(lastEmitted()).toMatchObject({ event: 'notification', data: { unread: 0 } });
  });

  it('archives one: gone from the list, 404 for another person, 400 without an id', async () => {
    const id = await seed(MANAGER85, 'Archive me');
    const other = await seed(MANAGER, 'Not yours');
    const bad = await post('/api/archivenotification', {}, MANAGER85);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Please select a notification.');
    expect((await post('/api/archivenotification', { notification_id: other }, MANAGER85)).statusCode).toBe(
      404,
    );
    const res = await post('/api/archivenotification', { notification_id: id }, MANAGER85);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.NOTIFICATION_ARCHIVED);
    const list = body<NotificationList>(await get('/api/getnotifications', MANAGER85)).data;
    expect(list.items.map((i) => i.id)).not.toContain(id);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, other));
    expect(row!.archivedAt).toBeNull();
  });
});

describe('messages', () => {
  it('staff message a user of their center; another center is 404; blank is 400', async () => {
    const parentId = await idOf(PARENT);
    const blank = await post('/api/sendmessagenotfication', { sharedto: parentId, message: '  ' }, MANAGER);
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toContain('Message cannot be blank.');
    const foreign = await post(
      '/api/sendmessagenotfication',
      { sharedto: await idOf('parent85@demo.test'), message: 'hello' },
      MANAGER,
    );
    expect(foreign.statusCode).toBe(404);
    const res = await post(
      '/api/sendmessagenotfication',
      { sharedby: 1, sharedto: parentId, type: 'message', message: 'Your call is at 3' },
      MANAGER,
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.NOTIFICATION_MESSAGE_SENT);
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, parentId))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(row).toMatchObject({ kind: 'message', text: 'Your call is at 3', sharedBy: await idOf(MANAGER) });
    expect(lastEmitted()).toMatchObject({ userIds: [parentId], event: 'notification' });
    // The audit names who, never the text.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notification.message'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(entry)).not.toContain('Your call is at 3');
  });

  it('a client messages their case manager; the history shows it to staff (audited), 404 across centers', async () => {
    const bad = await post('/api/sendmessagecasemanager', { message: '' }, PARENT);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Message cannot be blank.');
    const res = await post('/api/sendmessagecasemanager', { message: 'Can we talk?' }, PARENT);
    expect(res.statusCode).toBe(200);
    const parentId = await idOf(PARENT);
    const history = await get(`/api/fetchallmessagesbyuserid/${parentId}`, MANAGER);
    expect(history.statusCode).toBe(200);
    const texts = body<NotificationItem[]>(history).data.map((i) => i.text);
    expect(texts).toContain('Can we talk?');
    expect(texts).toContain('Your call is at 3');
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification.messages_read'), eq(auditLog.entityId, String(parentId))));
    expect(audited.length).toBeGreaterThan(0);
    expect((await get(`/api/fetchallmessagesbyuserid/${parentId}`, MANAGER85)).statusCode).toBe(404);
    expect((await get('/api/fetchallmessagesbyuserid/0', MANAGER)).statusCode).toBe(400);
  });
});
