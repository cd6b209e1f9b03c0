import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it("answers every request with its id: the proxy's when it is a safe token, else a new UUID", async () => {
    const t = await startTestApp();
    try {
      const idOf = async (headers: Record<string, string>, url = '/api/health/live') =>
        (await t.request({ method: 'GET', url, headers, as: null })).headers['x-request-id'];
      expect(await idOf({ 'x-request-id': 'lb-7f3a.2_X' })).toBe('lb-7f3a.2_X');
      for (const unsafe of ['a b', 'x'.repeat(65), 'id\\nforged: line', '<script>', '']) {
        expect(await idOf({ 'x-request-id': unsafe })).toMatch(UUID);
      }
      const a = await idOf({});
      const b = await idOf({});
      expect(a).toMatch(UUID);
      expect(a).not.toBe(b);
      // Errors and unknown routes too.
      expect(await idOf({ 'x-request-id': 'nf-1' }, '/api/nope')).toBe('nf-1');
    } finally {
      await t.close();
    }
  });

  it('every log line of a request carries its id', async () => {
    const lines: Record<string, unknown>[] = [];
    const t = await startTestApp({}, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    const token = await t.tokenFor('parent@demo.test');
    // The database gone: the request fails, which logs the failure and then the answer (503 on PostgreSQL, 500 on a closed PGlite).
    await t.database.close();
    const res = await t.request({
      method: 'GET',
      url: '/api/getnotifications',
      headers: { 'x-access-token': token, 'x-request-id': 'trace-42' },
      as: null,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.headers['x-request-id']).toBe('trace-42');
    const ofRequest = lines.filter((l) => l.reqId === 'trace-42');
    expect(ofRequest.length).toBeGreaterThanOrEqual(2);
    expect(ofRequest.map((l) => l.msg)).toContain('request completed');
    // No line of the request's time lacks the id.
    expect(lines.filter((l) => l.reqId === undefined && l.msg !== undefined && 'req' in l)).toEqual([]);
    await t.app.close();
  });
});
