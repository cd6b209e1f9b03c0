import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, MSG, SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS } from '@dm/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestApp, type TestApp } from '../test/harness.js';
import { TEST_DATA_DIR, TEST_SECRET } from '../test/template.js';
import { loadConfig } from './config.js';

// What a hostile page in the same browser could do with the user's session.
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dm-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  t = await startTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const EVIL = 'https://evil.example';
const cookieOf = (token: string) => `${SESSION_COOKIE}=${token}`;
const me = (token: string) =>
  t.request({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(token) } });
const logout = (token: string, headers: Record<string, string>) =>
  t.request({ method: 'POST', url: '/api/logoutuser', headers: { cookie: cookieOf(token), ...headers } });

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(403);
  expect(body(res).message).toBe(MSG.CROSS_SITE_REFUSED);
}

describe('cross-site request forgery', () => {
  it('refuses a cross-origin text/plain POST made with the session cookie', async () => {
    const token = await t.tokenFor('admin@demo.test');
    const res = await t.request({
      method: 'POST',
      url: '/api/logoutuser',
      headers: { cookie: cookieOf(token), origin: EVIL, 'content-type': 'text/plain' },
      payload: 'x=1',
    });
    expectRefused(res);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('refuses a cross-origin multipart upload', async () => {
    const token = await t.tokenFor('admin@demo.test');
    const boundary = '----dm-test';
    const res = await t.request({
      method: 'POST',
      url: '/api/uploaddonorpic/1',
      headers: {
        cookie: cookieOf(token),
        origin: EVIL,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="a.png"',
        'Content-Type: image/png',
        '',
        'not really a png',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    expectRefused(res);
  });

  it('refuses Sec-Fetch-Site cross-site or same-site, an opaque origin, and a cookie without either header', async () => {
    const token = await t.tokenFor('admin@demo.test');
    expectRefused(await logout(token, { 'sec-fetch-site': 'cross-site' }));
    expectRefused(await logout(token, { 'sec-fetch-site': 'same-site' }));
    expectRefused(await logout(token, { origin: 'null' }));
    // A state change made with the cookie must prove where it comes from.
    expectRefused(await logout(token, {}));
    // The header token does not make a foreign origin acceptable.
    expectRefused(
      await t.request({ method: 'POST', url: '/api/logoutuser', as: token, headers: { origin: EVIL } }),
    );
    expect((await me(token)).statusCode).toBe(200);
  });

  it("accepts the app's own origin: PUBLIC_URL, the request's Host, or Sec-Fetch-Site same-origin", async () => {
    const viaPublicUrl = await t.tokenFor('admin@demo.test');
    expect((await logout(viaPublicUrl, { origin: t.config.publicUrl })).statusCode).toBe(200);
    expect((await me(viaPublicUrl)).statusCode).toBe(401);

    const viaHost = await t.tokenFor('admin@demo.test');
    const res = await logout(viaHost, { host: 'agency.example:8443', origin: 'https://agency.example:8443' });
    expect(res.statusCode).toBe(200);
    expect((await me(viaHost)).statusCode).toBe(401);
    // Another port of the same host is another origin.
    const otherPort = await t.tokenFor('admin@demo.test');
    expectRefused(await logout(otherPort, { host: 'agency.example:8443', origin: 'https://agency.example' }));

    const viaFetchSite = await t.tokenFor('admin@demo.test');
    expect((await logout(viaFetchSite, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('accepts scripts: the x-access-token header, or no credentials at all, without Origin', async () => {
    const token = await t.tokenFor('admin@demo.test');
    expect((await t.request({ method: 'POST', url: '/api/logoutuser', as: token })).statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('no longer logs out or accepts the terms on a GET (a cross-site link or image)', async () => {
    const token = await t.tokenFor('parent@demo.test');
    for (const url of ['/api/logoutuser', '/api/accepteula']) {
      const res = await t.request({ method: 'GET', url, headers: { cookie: cookieOf(token) } });
      expect(res.statusCode, url).toBe(404);
    }
    const still = await me(token);
    expect(still.statusCode).toBe(200);
    expect(body<{ eulaAcceptedAt: string | null }>(still).data.eulaAcceptedAt).toBeNull();
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(res: LightMyRequestResponse) {
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  }

  it('on API answers, errors included, with Cache-Control: no-store', async () => {
    const ok = await t.request({ method: 'GET', url: '/api/me', as: 'admin@demo.test' });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await t.request({ method: 'GET', url: '/api/me' });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Plain http: no HSTS and no upgrade of requests.
    expect(ok.headers['strict-transport-security']).toBeUndefined();
    expect(String(ok.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('on the web app and the OpenAPI UI', async () => {
    const index = await t.request({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    expectSecurityHeaders(index);
    // The OpenAPI UI works under the same policy (its scripts and styles are files of its own).
    for (const url of ['/api/docs', '/api/docs/static/swagger-ui.css', '/api/docs/json']) {
      const docs = await t.request({ method: 'GET', url });
      expect(docs.statusCode, url).toBe(200);
      expectSecurityHeaders(docs);
    }
  });
});

describe('sessions', () => {
  it('end 12 hours after sign-in however active, with the expired code', async () => {
    const token = await t.tokenFor('manager@demo.test');
    let elapsed = 0;
    // Active every 50 minutes, never idle for an hour.
    const step = SESSION_IDLE_MS - 10 * 60_000;
    while (elapsed + step < SESSION_ABSOLUTE_MS) {
      t.clock.advance(step);
      elapsed += step;
      expect((await me(token)).statusCode, `after ${elapsed / 60_000} min`).toBe(200);
    }
    t.clock.advance(SESSION_ABSOLUTE_MS - elapsed + 1000);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.SESSION_EXPIRED_CODE);
  });

  it('keep the sign-in time across a switch into an account and back', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const step = SESSION_IDLE_MS - 10 * 60_000;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_MS - 2 * step) {
      t.clock.advance(step);
      elapsed += step;
      expect((await me(admin)).statusCode).toBe(200);
    }
    const idOf = body<{ userId: number }>(
      await t.request({ method: 'GET', url: '/api/me', as: 'parent@demo.test' }),
    ).data.userId;
    const switched = await t.request({
      method: 'POST',
      url: '/api/authadmin',
      as: admin,
      payload: { id: idOf },
    });
    expect(switched.statusCode).toBe(200);
    const inside = switched.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    t.clock.advance(step);
    const back = await t.request({ method: 'POST', url: '/api/switchback', as: inside });
    expect(back.statusCode).toBe(200);
    const own = back.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    t.clock.advance(step);
    expect((await me(own)).statusCode).toBe(200);
    // 12 h 30 min after the admin signed in, though this session is 100 minutes old.
    t.clock.advance(step);
    const res = await me(own);
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.SESSION_EXPIRED_CODE);
  });
});

describe('an https PUBLIC_URL', () => {
  const env = { APP_SECRET: TEST_SECRET, DATA_DIR: TEST_DATA_DIR };

  it('makes the session cookie Secure without COOKIE_SECURE', () => {
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://donors.example' }).cookieSecure).toBe(true);
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://localhost:3000' }).cookieSecure).toBe(false);
    expect(loadConfig({ ...env, COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('sets a Secure cookie, sends HSTS and accepts its own origin', async () => {
    const https = loadConfig({ ...env, PUBLIC_URL: 'https://donors.example' });
    const app = await startTestApp({ publicUrl: https.publicUrl, cookieSecure: https.cookieSecure });
    try {
      const res = await app.request({
        method: 'POST',
        url: '/api/authenticate',
        headers: { origin: 'https://donors.example', host: 'internal:3000' },
        payload: { username: 'admin@demo.test', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cookie.secure).toBe(true);
      expect(cookie.httpOnly).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });
});
