import { DEMO_PASSWORD, ROLE, SIGNUP_LINK_MAX_PER_ADDRESS } from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, sessions } from '../db/schema/index.js';
import { body, startSiblingApp, startTestApp, type TestApp } from '../test/harness.js';
import { TEST_DATA_DIR, TEST_SECRET } from '../test/template.js';
import { loadConfig } from './config.js';
import { hashToken } from './crypto.js';

/** X-Forwarded-For is believed only from the proxies TRUST_PROXY names. */
const trustProxy = (value: string | undefined) =>
  loadConfig({ APP_SECRET: TEST_SECRET, DATA_DIR: TEST_DATA_DIR, TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('is off by default and reads a hop count, proxy addresses or true', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy(' 10.0.0.1, 192.168.0.0/16,loopback ,::1, fd00::/8')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses what is neither', () => {
    for (const bad of ['yes', '-1', '1.5', '10.0.0.1/33', 'proxy.example.com', '10.0.0.1,,']) {
      expect(() => trustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the client address of a request', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  let behindListed: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    behindProxy = await startSiblingApp(t, { trustProxy: 1 });
    behindListed = await startSiblingApp(t, { trustProxy: ['10.30.9.9'] });
  });
  afterAll(async () => {
    await behindListed.close();
    await behindProxy.close();
    await t.close();
  });

  /** Signs in and answers the addresses recorded: session, login attempt, audit entry. */
  async function recordedAddresses(app: TestApp, remoteAddress: string, forwardedFor: string) {
    const res = await app.request({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'admin85@demo.test', password: DEMO_PASSWORD, issueToken: true },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    const token = body<{ token: string }>(res).data.token;
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    const [attempt] = await t.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.username, 'admin85@demo.test'))
      .orderBy(desc(loginAttempts.id))
      .limit(1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login'), eq(auditLog.entityId, String(session!.userId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return [session!.ip, attempt!.ip, entry!.ip];
  }

  const askLink = (app: TestApp, remoteAddress: string, forwardedFor: string) =>
    app.request({
      method: 'POST',
      url: '/api/invitedonor',
      payload: { username: 'nobody@demo.test', user_type: ROLE.DONOR },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it('by default ignores a forged X-Forwarded-For: recorded address and limit bucket', async () => {
    expect(await recordedAddresses(t, '10.30.0.1', '203.0.113.7')).toEqual([
      '10.30.0.1',
      '10.30.0.1',
      '10.30.0.1',
    ]);
    // A new forged address on every request does not escape the per-address limit.
    for (let i = 0; i < SIGNUP_LINK_MAX_PER_ADDRESS; i++) {
      expect((await askLink(t, '10.30.0.2', `203.0.113.${i + 1}`)).statusCode).toBe(200);
    }
    expect((await askLink(t, '10.30.0.2', '203.0.113.99')).statusCode).toBe(429);
  });

  it('with TRUST_PROXY=1 takes the address the proxy forwards', async () => {
    // The proxy appends the address it saw; whatever the client wrote before it is ignored.
    expect(await recordedAddresses(behindProxy, '10.30.1.1', '198.18.0.66, 203.0.113.8')).toEqual([
      '203.0.113.8',
      '203.0.113.8',
      '203.0.113.8',
    ]);
    // One proxy, many clients: each forwarded address has its own bucket.
    for (let i = 0; i < SIGNUP_LINK_MAX_PER_ADDRESS; i++) {
      expect((await askLink(behindProxy, '10.30.1.2', '198.51.100.1')).statusCode).toBe(200);
    }
    expect((await askLink(behindProxy, '10.30.1.2', '198.51.100.1')).statusCode).toBe(429);
    expect((await askLink(behindProxy, '10.30.1.2', '198.51.100.2')).statusCode).toBe(200);
  });

  it('with a list of proxies believes only those', async () => {
    expect(await recordedAddresses(behindListed, '10.30.9.9', '203.0.113.9')).toEqual([
      '203.0.113.9',
      '203.0.113.9',
      '203.0.113.9',
    ]);
    expect(await recordedAddresses(behindListed, '10.30.9.10', '203.0.113.9')).toEqual([
      '10.30.9.10',
      '10.30.9.10',
      '10.30.9.10',
    ]);
  });
});
