import { generateKeyPairSync } from 'node:crypto';
import { PARTNER_MSG, type PartnerSignInAnswer } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partnerSignIn } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let ec: Awaited<ReturnType<typeof generateKeyPair>>;
let ed: Awaited<ReturnType<typeof generateKeyPair>>;
beforeAll(async () => {
  t = await startTestApp();
  ec = await generateKeyPair('ES256', { extractable: true });
  ed = await generateKeyPair('EdDSA', { extractable: true });
});
afterAll(() => t.close());

const MASTER = 'master@demo.test';
const valid = async (change: Record<string, unknown> = {}) => ({
  center_id: 46,
  issuer: 'https://partner.circle.test',
  keys: await exportSPKI(ec.publicKey),
  algorithms: ['ES256'],
  login_url: 'https://partner.circle.test/login',
  password_login: true,
  ...change,
});
const save = async (payload: Record<string, unknown>, as: string | null = MASTER) =>
  t.request({ method: 'POST', url: '/api/savepartnersignin', payload, as });

async function expect400(change: Record<string, unknown>, message: string) {
  const res = await save(await valid(change));
  expect(res.statusCode, res.body).toBe(400);
  expect(body(res).message).toBe(message);
}

describe('partner sign-in settings', () => {
  it('keeps the settings to the master admin: 401 without a session, 403 for every other role', async () => {
    const routes = [
      { method: 'GET' as const, url: '/api/partnersignin/46' },
      { method: 'POST' as const, url: '/api/savepartnersignin', payload: await valid() },
      { method: 'POST' as const, url: '/api/removepartnersignin', payload: { center_id: 46 } },
    ];
    for (const r of routes) expect((await t.request({ ...r, as: null })).statusCode, r.url).toBe(401);
    for (const as of ['admin46@demo.test', 'manager46@demo.test', 'parent46@demo.test', 'donor@demo.test'])
      for (const r of routes) expect((await t.request({ ...r, as })).statusCode, `${as} ${r.url}`).toBe(403);
  });

  it('answers 404 for a center that does not exist', async () => {
    expect((await t.request({ method: 'GET', url: '/api/partnersignin/9999', as: MASTER })).statusCode).toBe(
      404,
    );
    expect((await save(await valid({ center_id: 9999 }))).statusCode).toBe(404);
    const remove = await t.request({
      method: 'POST',
      url: '/api/removepartnersignin',
      payload: { center_id: 9999 },
      as: MASTER,
    });
    expect(remove.statusCode).toBe(404);
  });

  it('refuses private keys, shared secrets, keys that fit no chosen algorithm and bad fields with their message', async () => {
    await expect400({ keys: await exportPKCS8(ec.privateKey) }, PARTNER_MSG.PRIVATE_KEY);
    await expect400({ keys: JSON.stringify(await exportJWK(ec.privateKey)) }, PARTNER_MSG.PRIVATE_KEY);
    await expect400(
      { keys: JSON.stringify({ kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ' }) },
      PARTNER_MSG.SYMMETRIC_KEY,
    );
    await expect400({ keys: 'not a key' }, PARTNER_MSG.KEYS);
    await expect400({ keys: JSON.stringify({ keys: [] }) }, PARTNER_MSG.KEYS);
    await expect400({ keys: await exportSPKI(ed.publicKey) }, PARTNER_MSG.KEY_ALGORITHM);
    // jose will not make a key this weak; node:crypto will.
    const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' });
    await expect400({ keys: JSON.stringify(rsa1024), algorithms: ['RS256'] }, PARTNER_MSG.KEYS);
    await expect400({ algorithms: [] }, PARTNER_MSG.ALGORITHMS);
    await expect400({ algorithms: ['HS256'] }, PARTNER_MSG.ALGORITHMS);
    await expect400({ algorithms: ['none'] }, PARTNER_MSG.ALGORITHMS);
    await expect400({ login_url: 'javascript:alert(1)' }, PARTNER_MSG.LOGIN_URL);
    await expect400({ login_url: '/login' }, PARTNER_MSG.LOGIN_URL);
    await expect400({ issuer: ' ' }, PARTNER_MSG.ISSUER);
    expect(await t.db.select().from(partnerSignIn).where(eq(partnerSignIn.centerId, 46))).toEqual([]);
  });

  it('saves a partner with its public keys as a JWK set, shows it, and removes it, audited', async () => {
    const res = await save(
      await valid({
        keys: `${await exportSPKI(ec.publicKey)}\n${await exportSPKI(ed.publicKey)}`,
        algorithms: ['ES256', 'EdDSA'],
        password_login: false,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(PARTNER_MSG.SAVED);
    const got = await t.request({ method: 'GET', url: '/api/partnersignin/46', as: MASTER });
    const answer = body<PartnerSignInAnswer>(got).data;
    expect(answer.audience).toBe(t.config.publicUrl);
    expect(answer.partner).toMatchObject({
      centerId: 46,
      enabled: true,
      issuer: 'https://partner.circle.test',
      algorithms: ['ES256', 'EdDSA'],
      loginUrl: 'https://partner.circle.test/login',
      passwordLogin: false,
    });
    const stored = JSON.parse(answer.partner!.keys) as { keys: Record<string, string>[] };
    expect(stored.keys.map((k) => [k.kty, k.crv])).toEqual([
      ['EC', 'P-256'],
      ['OKP', 'Ed25519'],
    ]);
    expect(stored.keys.every((k) => !('d' in k))).toBe(true);

    // Another center cannot trust the same issuer.
    const taken = await save(await valid({ center_id: 85, issuer: 'HTTPS://partner.circle.test' }));
    expect(taken.statusCode).toBe(400);
    expect(body(taken).message).toBe(PARTNER_MSG.ISSUER_TAKEN);

    const removed = await t.request({
      method: 'POST',
      url: '/api/removepartnersignin',
      payload: { center_id: 46 },
      as: MASTER,
    });
    expect(removed.statusCode).toBe(200);
    expect(body(removed).message).toBe(PARTNER_MSG.REMOVED);
    const after = await t.request({ method: 'GET', url: '/api/partnersignin/46', as: MASTER });
    expect(body<PartnerSignInAnswer>(after).data.partner).toBeNull();
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'center')))
      .filter((r) => r.entityId === '46')
      .map((r) => r.action);
    expect(actions).toEqual(['partner_sign_in_saved', 'partner_sign_in_removed']);
  });

  it('asks for an https login page in production', async () => {
    const prod = await startTestApp({ production: true });
    try {
      const res = await prod.request({
        method: 'POST',
        url: '/api/savepartnersignin',
        payload: await valid({ login_url: 'http://partner.circle.test/login' }),
        as: MASTER,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(PARTNER_MSG.LOGIN_URL);
    } finally {
      await prod.close();
    }
  });
});
