import { EMAIL_TYPE } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles, users } from '../db/schema/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { queueTemplatedMail, UNSUBSCRIBE_MARK } from './mail.js';

let t: TestApp;
let parentId: number;
const PARENT = 'parent@demo.test';
const CC = 'partner.cc@example.test';

beforeAll(async () => {
  t = await startTestApp();
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, PARENT));
  parentId = row!.id;
});
afterAll(() => t.close());

async function setCc(ccEmail: string, ccExpiryDate: string | null) {
  await t.db
    .insert(userProfiles)
    .values({ userId: parentId, ccEmail, ccExpiryDate })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { ccEmail, ccExpiryDate } });
}

const queue = (emailTypeId: number) =>
  queueTemplatedMail(t.db, t.secrets, {
    centerId: 1,
    emailTypeId,
    to: PARENT,
    vars: { name: 'Pat', message: 'New message', link: 'http://x.test/#/messageroom' },
  });

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('the CC e-mail of the profile: copies of notification e-mails until its expiry', () => {
  it('sends a copy of a notification e-mail to the CC address, without the account unsubscribe link', async () => {
    await setCc(CC, isoDay(30));
    await queue(EMAIL_TYPE.CHAT_MESSAGE);
    const [copy] = await t.outbox(CC);
    expect(copy).toBeDefined();
    expect(copy!.emailTypeId).toBe(EMAIL_TYPE.CHAT_MESSAGE);
    expect(copy!.text).toContain('You receive this copy as the CC e-mail of');
    expect(copy!.unsubscribe).toBeUndefined();
    expect(copy!.html).not.toContain(UNSUBSCRIBE_MARK);
    expect(copy!.text).not.toContain(UNSUBSCRIBE_MARK);
    // The user's own mail is unchanged and keeps its unsubscribe link.
    const [own] = (await t.outbox(PARENT)).slice(-1);
    expect(own!.unsubscribe?.userId).toBe(parentId);
  });

  it('sends no copy of account mail, after the expiry date, or when the user turned notifications off', async () => {
    await setCc(CC, isoDay(30));
    const before = (await t.outbox(CC)).length;
    await queue(EMAIL_TYPE.REGISTRATION_WELCOME);
    expect(await t.outbox(CC)).toHaveLength(before);

    await setCc(CC, isoDay(-1));
    await queue(EMAIL_TYPE.CHAT_MESSAGE);
    expect(await t.outbox(CC)).toHaveLength(before);

    await setCc(CC, isoDay(30));
    await t.db.update(users).set({ emailNotifications: false }).where(eq(users.id, parentId));
    await queue(EMAIL_TYPE.CHAT_MESSAGE);
    expect(await t.outbox(CC)).toHaveLength(before);
    await t.db.update(users).set({ emailNotifications: true }).where(eq(users.id, parentId));

    await queue(EMAIL_TYPE.CHAT_MESSAGE);
    expect(await t.outbox(CC)).toHaveLength(before + 1);
  });
});
