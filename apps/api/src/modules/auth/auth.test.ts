import { DEMO_PASSWORD, LOGIN_RATE_MAX_PER_ADDRESS, MSG, SESSION_COOKIE, SESSION_IDLE_MS } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index.js';
import { CAPTCHA_TTL_MS, verifyCaptcha } from '../../platform/captcha.js';
import { solvedCaptcha } from '../../test/codes.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// Each test signs in from its own address so the per-address throttle of one test does not
// leak into another.
let address = 0;
const nextIp = () => `10.0.0.${++address}`;

/** Signs in as a script does: asking for the token (`issueToken`) unless told otherwise. */
function login(
  username: string,
  password: string,
  opts: { ip?: string; captcha?: string; issueToken?: boolean } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/authenticate',
    payload: {
      username,
      password,
      ...(opts.captcha ? { captcha: opts.captcha } : {}),
      ...(opts.issueToken === false ? {} : { issueToken: true }),
    },
    headers: { 'user-agent': 'vitest' },
    remoteAddress: opts.ip ?? nextIp(),
  });
}

const me = (headers: Record<string, string>) => t.request({ method: 'GET', url: '/api/me', headers });

describe('POST /api/authenticate', () => {
  it('signs in: session cookie, session user and destination, and no token in the body', async () => {
    const res = await login('Admin@Demo.test', DEMO_PASSWORD, { issueToken: false });
    expect(res.statusCode).toBe(200);
    const b = body<{ outcome: string; token?: string; destination: string; user: { username: string } }>(res);
    expect(b.message).toBe(MSG.LOGIN_SUCCESS);
    expect(b.data.outcome).toBe('success');
    expect(b.data.destination).toBe('/viewclient');
    expect(b.data.user.username).toBe('admin@demo.test');
    // The browser's session is the httpOnly cookie alone: page scripts never see the token.
    expect(b.data).not.toHaveProperty('token');
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(res.body).not.toContain(cookie.value);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // PUBLIC_URL is http here and COOKIE_SECURE unset.
    expect(cookie.secure).toBeUndefined();

    const byCookie = await me({ cookie: `${SESSION_COOKIE}=${cookie.value}` });
    expect(byCookie.statusCode).toBe(200);
    expect(body<{ username: string }>(byCookie).data.username).toBe('admin@demo.test');
    const byHeader = await me({ 'x-access-token': cookie.value });
    expect(body<{ role: number; lastLoginAt: string | null }>(byHeader).data.role).toBe(7);
    expect(body<{ lastLoginAt: string | null }>(byHeader).data.lastLoginAt).not.toBeNull();
  });

  it('computes the destination with the previous login, then records this one', async () => {
    const first = await login('newdonor@demo.test', DEMO_PASSWORD);
    const data = body<{ destination: string; user: { lastLoginAt: string | null } }>(first).data;
    expect(data.destination).toBe('/preform');
    expect(data.user.lastLoginAt).toBeNull();
    const [row] = await t.db.select().from(users).where(eq(users.username, 'newdonor@demo.test'));
    expect(row!.lastLoginAt).not.toBeNull();
    const donor = await login('donor@demo.test', DEMO_PASSWORD);
    expect(body<{ destination: string }>(donor).data.destination).toBe('/donorhome');
    const client = await login('parent111@demo.test', DEMO_PASSWORD);
    expect(body<{ destination: string }>(client).data.destination).toBe('/');
    const manager = await login('manager@demo.test', DEMO_PASSWORD);
    expect(body<{ destination: string }>(manager).data.destination).toBe('/');
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const wrong = await login('admin85@demo.test', 'Wrong!2345');
    const unknown = await login('nobody@demo.test', 'Wrong!2345');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      status: 'error',
      message: MSG.LOGIN_FAILED,
      data: { outcome: 'failed', captchaRequired: false },
    });
  });

  it('rejects empty credentials with the spec message', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.LOGIN_REQUIRED);
  });

  it('refuses invited users (no password) and archived staff as a failed login', async () => {
    await t.db
      .insert(users)
      .values({ username: 'invited@demo.test', role: 9, centerId: 1, status: 'Invited' });
    const invited = await login('invited@demo.test', DEMO_PASSWORD);
    expect(body(invited).data).toEqual({ outcome: 'failed', captchaRequired: false });

    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.username, 'manager46@demo.test'));
    const archivedStaff = await login('manager46@demo.test', DEMO_PASSWORD);
    expect(archivedStaff.statusCode).toBe(400);
    expect(body(archivedStaff).data).toEqual({ outcome: 'failed', captchaRequired: false });
  });

  it('tells an archived client (right password only) that the account is archived', async () => {
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.username, 'parent46@demo.test'));
    const wrong = await login('parent46@demo.test', 'Wrong!2345');
    expect(body(wrong).data).toEqual({ outcome: 'failed', captchaRequired: false });
    const right = await login('parent46@demo.test', DEMO_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(body(right)).toEqual({
      status: 'error',
      message: MSG.ARCHIVED_CLIENT,
      data: { outcome: 'archivedClient' },
    });
  });

  it('asks for a captcha after 3 failures, accepts a solved one once', async () => {
    const ip = nextIp();
    const user = 'admin133@demo.test';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(body(await login(user, 'Wrong!2345', { ip })).data);
    expect(answers).toEqual([
      { outcome: 'failed', captchaRequired: false },
      { outcome: 'failed', captchaRequired: false },
      { outcome: 'failed', captchaRequired: true },
    ]);

    const without = await login(user, DEMO_PASSWORD, { ip });
    expect(without.statusCode).toBe(400);
    expect(body(without)).toEqual({
      status: 'error',
      message: MSG.CAPTCHA_REQUIRED,
      data: { outcome: 'showCaptcha' },
    });
    const garbage = await login(user, DEMO_PASSWORD, { ip, captcha: 'bm90IGEgcGF5bG9hZA==' });
    expect(body(garbage).message).toBe(MSG.CAPTCHA_INVALID);

    // A solved captcha with a wrong password spends the captcha.
    const captcha = await solvedCaptcha(t);
    const wrongPassword = await login(user, 'Wrong!2345', { ip, captcha });
    expect(body(wrongPassword).data).toEqual({ outcome: 'failed', captchaRequired: true });
    const replay = await login(user, DEMO_PASSWORD, { ip, captcha });
    expect(replay.statusCode).toBe(400);
    expect(body(replay)).toEqual({
      status: 'error',
      message: MSG.CAPTCHA_INVALID,
      data: { outcome: 'showCaptcha' },
    });

    const ok = await login(user, DEMO_PASSWORD, { ip, captcha: await solvedCaptcha(t) });
    expect(ok.statusCode).toBe(200);
    expect(body<{ outcome: string }>(ok).data.outcome).toBe('success');
    // A success clears the failures: the next login needs no captcha.
    expect((await login(user, DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('expires captcha challenges after 10 minutes', async () => {
    const captcha = await solvedCaptcha(t);
    const clock = { now: () => new Date(t.clock.now().getTime() + CAPTCHA_TTL_MS + 1000) };
    expect(await verifyCaptcha(t.db, t.config, clock, captcha)).toBe(false);
    expect(await verifyCaptcha(t.db, t.config, t.clock, captcha)).toBe(true);
    expect(await verifyCaptcha(t.db, t.config, t.clock, captcha)).toBe(false);
  });

  it('returns the token to a script that asks for it (issueToken)', async () => {
    const res = await login('admin85@demo.test', DEMO_PASSWORD, { issueToken: true });
    const token = body<{ token: string }>(res).data.token;
    expect(token).toBe(res.cookies.find((c) => c.name === SESSION_COOKIE)!.value);
    expect((await me({ 'x-access-token': token })).statusCode).toBe(200);
  });

  it('throttles an address after too many failures across accounts', async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_RATE_MAX_PER_ADDRESS; i++) {
      expect((await login(`ghost${i}@demo.test`, 'Wrong!2345', { ip })).statusCode).toBe(400);
    }
    expect((await login('admin85@demo.test', DEMO_PASSWORD, { ip })).statusCode).toBe(429);
    expect((await login('admin85@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the older session on a new login: the old token answers relogin', async () => {
    const first = body<{ token: string }>(await login('manager85@demo.test', DEMO_PASSWORD)).data.token;
    const second = body<{ token: string }>(await login('manager85@demo.test', DEMO_PASSWORD)).data.token;
    const old = await me({ 'x-access-token': first });
    expect(old.statusCode).toBe(401);
    expect(body(old).message).toBe(MSG.RELOGIN_CODE);
    expect((await me({ 'x-access-token': second })).statusCode).toBe(200);
  });

  it('expires a session idle for more than an hour', async () => {
    const token = body<{ token: string }>(await login('parent85@demo.test', DEMO_PASSWORD)).data.token;
    t.clock.advance(SESSION_IDLE_MS + 1000);
    const res = await me({ 'x-access-token': token });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.SESSION_EXPIRED_CODE);
  });

  it('stores argon2id hashes and never logs passwords or tokens', async () => {
    const res = await login('admin46@demo.test', DEMO_PASSWORD);
    const token = body<{ token: string }>(res).data.token;
    const [row] = await t.db.select().from(users).where(eq(users.username, 'admin46@demo.test'));
    expect(row!.passwordHash!.startsWith('$argon2id$')).toBe(true);
    const entries = await t.db.select().from(auditLog);
    expect(entries.some((e) => e.action === 'login' && e.entityId === String(row!.id))).toBe(true);
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(DEMO_PASSWORD);
    expect(logged).not.toContain(token);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(session!.tokenHash).not.toBe(token);
    expect(session!.userAgent).toBe('vitest');
  });
});

describe('GET /api/me', () => {
  it('answers 401 without a token', async () => {
    const res = await me({});
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.NO_TOKEN);
  });

  it('answers 401 for an unknown token', async () => {
    const res = await me({ 'x-access-token': 'not-a-token' });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.BAD_TOKEN);
  });

  it('describes a client with center flags, terms date and first-login state', async () => {
    const res = await t.request({ method: 'GET', url: '/api/me', as: 'parent111@demo.test' });
    const user = body<{
      center: { id: number; compareDonors: boolean; consumerSite: boolean };
      client: { firstLogin: boolean; ipFormSubmitted: boolean };
      donor: unknown;
      termsUpdatedAt: string;
      switchedFrom: unknown;
    }>(res).data;
    expect(user.center).toMatchObject({ id: 111, compareDonors: true, consumerSite: true });
    expect(user.client).toEqual({ firstLogin: false, ipFormSubmitted: false });
    expect(user.donor).toBeNull();
    expect(user.termsUpdatedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(user.switchedFrom).toBeNull();
  });
});

describe('POST /api/logoutuser', () => {
  it('answers 401 without a token', async () => {
    const res = await t.request({ method: 'POST', url: '/api/logoutuser' });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.NO_TOKEN);
  });

  it('ends the session and clears the cookie', async () => {
    const token = body<{ token: string }>(await login('admin111@demo.test', DEMO_PASSWORD)).data.token;
    const res = await t.request({ method: 'POST', url: '/api/logoutuser', as: token });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.value).toBe('');
    const after = await me({ 'x-access-token': token });
    expect(after.statusCode).toBe(401);
    expect(body(after).message).toBe(MSG.SESSION_EXPIRED_CODE);
  });
});

describe('GET /api/terms and POST /api/accepteula', () => {
  it('serves the terms in force to anyone', async () => {
    const res = await t.request({ method: 'GET', url: '/api/terms' });
    expect(res.statusCode).toBe(200);
    const data = body<{ body: string; publishedAt: string }>(res).data;
    expect(data.body).toContain('Terms and Conditions');
    expect(data.publishedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers 401 to an anonymous acceptance', async () => {
    const res = await t.request({ method: 'POST', url: '/api/accepteula' });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.NO_TOKEN);
  });

  it('records the acceptance', async () => {
    const res = await t.request({ method: 'POST', url: '/api/accepteula', as: 'parent@demo.test' });
    expect(res.statusCode).toBe(200);
    const data = body<{ affectedRows: number; eulaAcceptedAt: string }>(res).data;
    expect(data.affectedRows).toBe(1);
    const after = await t.request({ method: 'GET', url: '/api/me', as: 'parent@demo.test' });
    expect(body<{ eulaAcceptedAt: string; eulaAccepted: boolean }>(after).data).toMatchObject({
      eulaAccepted: true,
      eulaAcceptedAt: data.eulaAcceptedAt,
    });
  });
});
