import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

// The built web app is served by the same process: anonymous visitors must get it.
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dm-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  writeFileSync(path.join(dist, 'assets', 'index-B1aPQMLo.js'), 'console.log(2);');
  // What scripts/compress-web.mjs writes beside each text file of the build.
  writeFileSync(path.join(dist, 'assets', 'index-B1aPQMLo.js.br'), brotliCompressSync('console.log(2);'));
  writeFileSync(path.join(dist, 'assets', 'index-B1aPQMLo.js.gz'), gzipSync('console.log(2);'));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves index.html and assets anonymously', async () => {
    const index = await t.request({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    const asset = await t.request({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('answers index.html for other paths, and an envelope 404 for unknown API calls', async () => {
    expect((await t.request({ method: 'GET', url: '/some/deep/link' })).body).toContain('<div id="root">');
    const api = await t.request({ method: 'GET', url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(body(api).status).toBe('error');
  });

  // Under load every request waits for the busy server; a browser that has the app's
  // hashed files keeps them without asking again, and always asks for the page that names them.
  it('lets the browser keep the hashed build files for good, and revalidate everything else', async () => {
    const hashed = await t.request({ method: 'GET', url: '/assets/index-B1aPQMLo.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/some/deep/link', '/favicon.svg', '/assets/app.js']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the compressed copy the browser accepts, kept as long as the file', async () => {
    const url = '/assets/index-B1aPQMLo.js';
    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(2);');
    const gz = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(2);');
  });
});
