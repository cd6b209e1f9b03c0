import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers db up with the build version, also in the version header', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      status: 'success',
      message: '',
      data: { db: 'up', version: 'test-version' },
    });
    expect(res.headers['x-app-version']).toBe('test-version');
  });

  it('answers 503 with db down when the database is gone', async () => {
    const other = await startTestApp();
    await other.database.close();
    const res = await other.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(body(res).data).toEqual({ db: 'down', version: 'test-version' });
    await other.app.close();
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(body(res).status).toBe('error');
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every API route with its access requirement', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']?.get?.description).toContain('Access: public.');
  });
});
