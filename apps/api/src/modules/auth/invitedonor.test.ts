import { EMAIL_TYPE, MSG, ROLE, SIGNUP_LINK_MAX_PER_ADDRESS } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

/** POST /api/invitedonor: a visitor's own request for a new sign-up link (decisions 004, 008). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.insert(users).values([
    {
      username: 'waiting.donor@invite.test',
      role: ROLE.DONOR,
      centerId: 1,
      status: 'Invited',
      firstName: 'Wanda',
    },
    { username: 'waiting.parent@invite.test', role: ROLE.CLIENT, centerId: 1, status: 'Invited' },
  ]);
});
afterAll(() => t.close());

let address = 0;
const ask = (payload: Record<string, unknown>, ip = `10.9.0.${++address}`) =>
  t.request({ method: 'POST', url: '/api/invitedonor', payload, remoteAddress: ip });
const invites = async (to: string) =>
  (await t.outbox(to)).filter(
    (m) => m.emailTypeId === EMAIL_TYPE.INVITE_DONOR || m.emailTypeId === EMAIL_TYPE.INVITE_CLIENT,
  );

describe('POST /api/invitedonor', () => {
  it('400 with the exact message for a bad address or user type', async () => {
    const bad = await ask({ username: 'not-an-email', user_type: ROLE.DONOR });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe(MSG.INVALID_EMAIL);
    const type = await ask({ username: 'waiting.donor@invite.test', user_type: ROLE.ADMIN });
    expect(type.statusCode).toBe(400);
    expect(body(type).message).toBe(MSG.SIGNUP_LINK_USER_TYPE);
    expect(await invites('waiting.donor@invite.test')).toHaveLength(0);
  });

  it('answers the same whether or not an invitation is waiting, and sends only to a waiting one', async () => {
    const unknown = await ask({ username: 'nobody@invite.test', user_type: ROLE.DONOR });
    const active = await ask({ username: 'donor@demo.test', user_type: ROLE.DONOR });
    const wrongType = await ask({ username: 'waiting.parent@invite.test', user_type: ROLE.DONOR });
    const waiting = await ask({
      username: 'Waiting.Donor@invite.test',
      user_type: ROLE.DONOR,
      referrer: 'Google',
    });
    for (const res of [unknown, active, wrongType, waiting]) {
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ status: 'success', message: MSG.SIGNUP_LINK_SENT, data: null });
    }
    expect(await t.outbox('nobody@invite.test')).toHaveLength(0);
    expect(await invites('donor@demo.test')).toHaveLength(0);
    expect(await invites('waiting.parent@invite.test')).toHaveLength(0);
    const [mail] = await invites('waiting.donor@invite.test');
    expect(mail!.emailTypeId).toBe(EMAIL_TYPE.INVITE_DONOR);
    const token = /#\/signup\/([A-Za-z0-9_-]+)/.exec(mail!.html)?.[1];
    expect(token).toBeTruthy();
    // The new link works: it opens the sign-up of that invitation.
    const details = await t.request({ method: 'POST', url: '/api/getusersignupdetails', payload: { token } });
    expect(details.statusCode).toBe(200);
    // No account was created for the unknown address.
    expect(await t.db.select().from(users).where(eq(users.username, 'nobody@invite.test'))).toHaveLength(0);
  });

  it('an intended parent asks as a client; mails to one address are capped silently', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await ask({ username: 'waiting.parent@invite.test', user_type: ROLE.CLIENT });
      expect(body(res).message).toBe(MSG.SIGNUP_LINK_SENT);
    }
    const sent = await invites('waiting.parent@invite.test');
    expect(sent.length).toBe(5);
    expect(sent.every((m) => m.emailTypeId === EMAIL_TYPE.INVITE_CLIENT)).toBe(true);
  });

  it(`429 from one IP address after ${SIGNUP_LINK_MAX_PER_ADDRESS} requests, whatever the address asked`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < SIGNUP_LINK_MAX_PER_ADDRESS; i++) {
      expect((await ask({ username: `someone${i}@invite.test`, user_type: ROLE.DONOR }, ip)).statusCode).toBe(
        200,
      );
    }
    const over = await ask({ username: 'waiting.donor@invite.test', user_type: ROLE.DONOR }, ip);
    expect(over.statusCode).toBe(429);
    expect(body(over).message).toBe(MSG.TOO_MANY_REQUESTS);
    // Another address is not held back.
    expect((await ask({ username: 'someone@invite.test', user_type: ROLE.DONOR })).statusCode).toBe(200);
  });
});
