import { randomUUID } from 'node:crypto';
import {
  DEMO_PASSWORD,
  LOGIN_RATE_MAX_PER_ADDRESS,
  MSG,
  PARTNER_MSG,
  postLoginDestination,
  type SessionUser,
} from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { exportJWK, exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const logLines: string[] = [];
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let otherKeys: Awaited<ReturnType<typeof generateKeyPair>>;
const ISSUER = 'https://partner.hatch.test';
const LOGIN_URL = 'https://partner.hatch.test/login';
const CENTER = 85;
const USER = 'parent85@demo.test';

let address = 0;
const nextIp = () => `10.9.0.${++address}`;

beforeAll(async () => {
  t = await startTestApp({}, { logStream: { write: (line) => void logLines.push(line) } });
  keys = await generateKeyPair('ES256', { extractable: true });
  otherKeys = await generateKeyPair('ES256', { extractable: true });
  await configure({});
});
afterAll(() => t.close());

async function configure(change: Record<string, unknown>) {
  const res = await t.request({
    method: 'POST',
    url: '/api/savepartnersignin',
    as: 'master@demo.test',
    payload: {
      center_id: CENTER,
      issuer: ISSUER,
      keys: JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1' }] }),
      algorithms: ['ES256'],
      login_url: LOGIN_URL,
      password_login: true,
      ...change,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

/** A token as the partner signs it; `claims` override the defaults (undefined drops a claim). */
async function token(
  claims: Partial<Record<keyof JWTPayload | 'email', unknown>> = {},
  opts: { key?: CryptoKey; alg?: string } = {},
) {
  const now = nowS();
  const payload: Record<string, unknown> = {
    iss: ISSUER,
    aud: t.config.publicUrl,
    iat: now,
    exp: now + 120,
    jti: randomUUID(),
    email: USER,
    ...claims,
  };
  for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
  return new SignJWT(payload as JWTPayload)
    .setProtectedHeader({ alg: opts.alg ?? 'ES256', kid: 'k1' })
    .sign(opts.key ?? keys.privateKey);
}

const signIn = (tok: unknown, ip = nextIp()) =>
  t.request({
    method: 'POST',
    url: '/api/tokensignin',
    payload: { form: 'login', token: tok },
    remoteAddress: ip,
  });

async function expectRefused(tok: string) {
  const res = await signIn(tok);
  expect(res.statusCode, res.body).toBe(401);
  expect(body(res).message).toBe(PARTNER_MSG.SSO_FAILED);
  expect(res.headers['set-cookie']).toBeUndefined();
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('POST tokensignin', () => {
  it('signs the user in with the session and destination of a password login, audited', async () => {
    const res = await signIn(await token());
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<{ outcome: string; user: SessionUser; destination: string; token?: string }>(res);
    expect(answer.message).toBe(MSG.LOGIN_SUCCESS);
    expect(answer.data.outcome).toBe('success');
    expect(answer.data.user.username).toBe(USER);
    expect(answer.data.destination).toBe(postLoginDestination(answer.data.user));
    expect(answer.data.token).toBeUndefined();
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/dm_session=[^;]+; .*HttpOnly/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(body<SessionUser>(me).data.username).toBe(USER);
    const [user] = await t.db.select().from(users).where(eq(users.username, USER));
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login'), eq(auditLog.entityId, String(user!.id))));
    expect(rows.map((r) => r.details)).toContainEqual({ method: 'partner', form: 'login' });
  });

  it('refuses a replayed token', async () => {
    const tok = await token();
    expect((await signIn(tok)).statusCode).toBe(200);
    await expectRefused(tok);
  });

  it('refuses a wrong signature, a wrong issuer or audience, and an expired or early token', async () => {
    await expectRefused(await token({}, { key: otherKeys.privateKey }));
    await expectRefused(await token({ iss: 'https://elsewhere.test' }));
    await expectRefused(await token({ aud: 'https://another-app.test' }));
    await expectRefused(await token({ iat: nowS() - 600, exp: nowS() - 300 }));
    await expectRefused(await token({ nbf: nowS() + 120 }));
    // Signed long ago or for longer than 5 minutes.
    await expectRefused(await token({ iat: nowS() - 400, exp: nowS() + 60 }));
    await expectRefused(await token({ exp: nowS() + 3600 }));
    await expectRefused(await token({ jti: undefined }));
    // A token that was good when signed is refused once the clock passes its expiry.
    const tok = await token();
    t.clock.advance(10 * 60_000);
    await expectRefused(tok);
  });

  it('refuses alg none and HS256 signed with the public key', async () => {
    const claims = {
      iss: ISSUER,
      aud: t.config.publicUrl,
      iat: nowS(),
      exp: nowS() + 60,
      jti: randomUUID(),
      email: USER,
    };
    await expectRefused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
    const pem = new TextEncoder().encode(await exportSPKI(keys.publicKey));
    await expectRefused(await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).sign(pem));
    const jwkBytes = new TextEncoder().encode(JSON.stringify(await exportJWK(keys.publicKey)));
    await expectRefused(await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(jwkBytes));
  });

  it('refuses an unknown user, a user of another center, the master admin and an archived user', async () => {
    await expectRefused(await token({ email: 'nobody@demo.test' }));
    await expectRefused(await token({ email: 'parent@demo.test' }));
    await expectRefused(await token({ email: 'master@demo.test' }));
    await expectRefused(await token({ email: undefined, sub: 'partner-id-42' }));
    await t.db.update(users).set({ status: 'Archived' }).where(eq(users.username, 'manager85@demo.test'));
    try {
      await expectRefused(await token({ email: 'manager85@demo.test' }));
    } finally {
      await t.db.update(users).set({ status: 'Active' }).where(eq(users.username, 'manager85@demo.test'));
    }
    // `sub` names the user when there is no email claim.
    expect((await signIn(await token({ email: undefined, sub: 'manager85@demo.test' }))).statusCode).toBe(
      200,
    );
  });

  it('refuses every token of a partner that is switched off', async () => {
    await configure({ enabled: false });
    try {
      await expectRefused(await token());
    } finally {
      await configure({});
    }
  });

  it('answers 400 with the message for a missing or malformed token', async () => {
    for (const payload of [{}, { token: '' }, { token: 'not a token at all' }, { token: 'x'.repeat(9000) }]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/tokensignin',
        payload,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(body(res).message).toBe(PARTNER_MSG.SSO_FAILED);
    }
  });

  it('logs why a token was refused, never the token', async () => {
    const tok = await token({ aud: 'https://another-app.test' });
    await expectRefused(tok);
    const logged = logLines.join('\n');
    expect(logged).toContain('partner sign-in refused');
    expect(logged).toContain('ERR_JWT_CLAIM_VALIDATION_FAILED:aud');
    expect(logged).not.toContain(tok.split('.')[1]!);
  });

  it('stops an address after too many refused tokens, even with a good one', async () => {
    const ip = '10.9.9.9';
    const bad = await token({ aud: 'https://another-app.test' });
    for (let i = 0; i < LOGIN_RATE_MAX_PER_ADDRESS; i++) expect((await signIn(bad, ip)).statusCode).toBe(401);
    const res = await signIn(await token(), ip);
    expect(res.statusCode).toBe(429);
    expect(body(res).message).toBe(MSG.TOO_MANY_ATTEMPTS);
    expect((await signIn(await token(), nextIp())).statusCode).toBe(200);
  });
});

describe('redirectPartnerLogin', () => {
  const login = (username: string, password = DEMO_PASSWORD) =>
    t.request({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username, password },
      remoteAddress: nextIp(),
    });

  it('sends a password login of a partner-only center to the partner login page, after the right password', async () => {
    await configure({ password_login: false });
    try {
      const res = await login('manager85@demo.test');
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toEqual({ outcome: 'redirectPartnerLogin', url: LOGIN_URL });
      expect(body(res).message).toBe(PARTNER_MSG.PARTNER_LOGIN);
      expect(res.headers['set-cookie']).toBeUndefined();
      // A wrong password learns nothing about the account.
      const wrong = await login('manager85@demo.test', 'Wrong!2345');
      expect(wrong.statusCode).toBe(400);
      expect(body(wrong).message).toBe(MSG.LOGIN_FAILED);
      // Other centers sign in as before; partner tokens still work.
      expect((await login('manager@demo.test')).headers['set-cookie']).toBeDefined();
      expect((await signIn(await token({ email: 'manager85@demo.test' }))).statusCode).toBe(200);
    } finally {
      await configure({});
    }
    expect(body<{ outcome: string }>(await login('manager85@demo.test')).data.outcome).toBe('success');
  });

  it('never sends the master admin away, even when the main center is partner-only', async () => {
    await t.request({
      method: 'POST',
      url: '/api/savepartnersignin',
      as: 'master@demo.test',
      payload: {
        center_id: 1,
        issuer: 'https://partner.main.test',
        keys: await exportSPKI(otherKeys.publicKey),
        algorithms: ['ES256'],
        login_url: 'https://partner.main.test/login',
        password_login: false,
      },
    });
    try {
      expect(body<{ outcome: string }>(await login('master@demo.test')).data.outcome).toBe('success');
      expect(body<{ outcome: string }>(await login('admin@demo.test')).data.outcome).toBe(
        'redirectPartnerLogin',
      );
    } finally {
      await t.request({
        method: 'POST',
        url: '/api/removepartnersignin',
        // The password login above ended the master's earlier session.
        as: await t.tokenFor('master@demo.test'),
        payload: { center_id: 1 },
      });
    }
    expect(body<{ outcome: string }>(await login('admin@demo.test')).data.outcome).toBe('success');
  });
});
