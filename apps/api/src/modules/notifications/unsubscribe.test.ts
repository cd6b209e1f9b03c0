import { EMAIL_TYPE, MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, users } from '../../db/schema/index.js';
import { queueTemplatedMail, UNSUBSCRIBE_MARK } from '../../platform/mail.js';
import { deliverPendingMail } from '../../platform/mail-delivery.js';
import type { OutgoingMail } from '../../platform/mail-transport.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const userOf = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;
const unsubscribe = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/unsubscribe', payload });

describe('POST /api/unsubscribe', () => {
  it('answers the same neutral message whether or not id and user name belong together', async () => {
    const parent = await userOf('parent85@demo.test');
    const wrong = await unsubscribe({ userid: parent.id, username: 'someone@else.test' });
    expect(wrong.statusCode).toBe(200);
    expect(body(wrong).message).toBe(MSG.UNSUBSCRIBED);
    const missing = await unsubscribe({ userid: 99999999, username: 'nobody@demo.test' });
    expect(body(missing).message).toBe(MSG.UNSUBSCRIBED);
    expect((await userOf('parent85@demo.test')).emailNotifications).toBe(true);

    const right = await unsubscribe({ userid: parent.id, username: 'PARENT85@demo.test' });
    expect(right.statusCode).toBe(200);
    expect(body(right).message).toBe(MSG.UNSUBSCRIBED);
    expect(right.body).toBe(wrong.body);
    expect((await userOf('parent85@demo.test')).emailNotifications).toBe(false);
  });

  it('answers 400 with the message for bad input', async () => {
    const res = await unsubscribe({ userid: 'x' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).not.toBe('');
  });
});

describe('notification mail for a user who unsubscribed', () => {
  it('skips notification types and still sends account mail', async () => {
    const u = await userOf('parent85@demo.test'); // unsubscribed above
    const skipped = await queueTemplatedMail(t.db, t.secrets, {
      centerId: u.centerId,
      emailTypeId: EMAIL_TYPE.PORTFOLIO_UPDATED,
      to: u.username,
      vars: { recipient: 'x', sender: 'y', portfolio: 'z', link: 'l' },
    });
    expect(skipped).toBe(0);
    const before = (await t.outbox(u.username)).length;
    const reset = await queueTemplatedMail(t.db, t.secrets, {
      centerId: u.centerId,
      emailTypeId: EMAIL_TYPE.RESET_PASSWORD,
      to: u.username,
      vars: { recipient: 'x', link: 'l' },
    });
    expect(reset).toBeGreaterThan(0);
    expect((await t.outbox(u.username)).length).toBe(before + 1);
  });
});

describe('unsubscribe link and one-click headers', () => {
  it('every mail to an account carries the page link and a signed List-Unsubscribe one-click', async () => {
    const u = await userOf('manager85@demo.test');
    await queueTemplatedMail(t.db, t.secrets, {
      centerId: u.centerId,
      emailTypeId: EMAIL_TYPE.SHARE_DONOR,
      to: u.username,
      vars: { recipient: 'x', sender: 'y', donor: 'D1', message: 'm', link: 'l' },
    });
    const delivered: OutgoingMail[] = [];
    await deliverPendingMail({
      db: t.db,
      config: { ...t.config, mailTransport: 'smtp', smtpUrl: 'smtp://127.0.0.1:2525' },
      secrets: t.secrets,
      clock: t.clock,
      mailTransport: () => ({
        send: async (m) => {
          delivered.push(m);
        },
        verify: async () => {},
        close: () => {},
      }),
    });
    const sent = delivered.find((m) => m.to === u.username);
    expect(sent).toBeDefined();
    const page = `${t.config.publicUrl}/#/unsubscribe/${u.id}/${encodeURIComponent(u.username)}`;
    expect(sent!.html).toContain(page);
    expect(sent!.text).toContain(page);
    expect(sent!.html).not.toContain('%UNSUBSCRIBE_URL%');
    const header = sent!.headers!['List-Unsubscribe']!;
    expect(sent!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = header.slice(1, -1);
    expect(url.startsWith(`${t.config.publicUrl}/api/unsubscribe/oneclick/${u.id}/`)).toBe(true);
    // The signature is not made from the id and user name alone.
    expect(url).not.toContain(encodeURIComponent(u.username));

    const path = new URL(url).pathname;
    const forged = await t.request({
      method: 'POST',
      url: path.replace(/[^/]+$/, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(200);
    expect((await userOf('manager85@demo.test')).emailNotifications).toBe(true);
    const res = await t.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.UNSUBSCRIBED);
    expect((await userOf('manager85@demo.test')).emailNotifications).toBe(false);
  });
});

describe('the {unsubscribe} placeholder', () => {
  it('a template may place it; an address without an account gets neither link nor footer', async () => {
    const u = await userOf('admin85@demo.test');
    await t.db.insert(emailTemplates).values({
      centerId: u.centerId,
      emailTypeId: EMAIL_TYPE.MATCH_CANCELLED,
      subject: 'Cancelled',
      definition: '<p>Dear {recipient}, <a href="{unsubscribe}">stop these</a></p>',
      signature: '',
    });
    const vars = { recipient: 'x', donor: 'D', reason: 'r' };
    await queueTemplatedMail(t.db, t.secrets, {
      centerId: u.centerId,
      emailTypeId: EMAIL_TYPE.MATCH_CANCELLED,
      to: u.username,
      vars,
    });
    const [mine] = (await t.outbox(u.username)).slice(-1);
    expect(mine!.html).toContain(`href="${UNSUBSCRIBE_MARK}"`);
    await queueTemplatedMail(t.db, t.secrets, {
      centerId: u.centerId,
      emailTypeId: EMAIL_TYPE.MATCH_CANCELLED,
      to: 'stranger@nowhere.test',
      vars,
    });
    const [stranger] = await t.outbox('stranger@nowhere.test');
    expect(stranger!.html).not.toContain('{unsubscribe}');
    expect(stranger!.html).not.toContain(UNSUBSCRIBE_MARK);
    expect(stranger!.html).not.toContain('To stop notification e-mails');
  });
});
