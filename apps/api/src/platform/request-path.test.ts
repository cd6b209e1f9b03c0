import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../test/harness.js';
import { hashToken, newToken } from './crypto.js';
import { buildSessionUser } from './session-user.js';

/**
 * The path every signed-in request takes: one log line per request, and GET /me read in
 * the session lookup itself, the same user as the one login and switching build.
 */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await startTestApp({}, { logStream });
});
afterAll(() => t?.close());

const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

describe('the request log', () => {
  it('leaves out the liveness probe answered OK', async () => {
    lines.length = 0;
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(lines).toHaveLength(0);
  });

  it('writes one line per request: method, path without query, route, status, time; no token', async () => {
    const token = await t.tokenFor('parent@demo.test');
    lines.length = 0;
    const res = await t.request({ method: 'GET', url: '/api/me?name=Secret-Query-7', as: token });
    expect(res.statusCode).toBe(200);
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/me', route: '/api/me' },
      res: { statusCode: 200 },
    });
    expect(typeof logged[0].responseTime).toBe('number');
    expect(lines.join('')).not.toContain('Secret-Query-7');
    expect(lines.join('')).not.toContain(token);
  });

  it('logs refused and unknown requests once too', async () => {
    lines.length = 0;
    await t.request({ method: 'GET', url: '/api/me', as: 'not-a-token' });
    await t.request({ method: 'GET', url: '/api/no-such-route' });
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.map((l) => [l.req.url, l.res.statusCode])).toEqual([
      ['/api/me', 401],
      ['/api/no-such-route', 404],
    ]);
  });
});

describe('GET /api/me', () => {
  it('answers the session user as login and switching build it: client, donor, switched admin', async () => {
    const admin = await idOf('admin@demo.test');
    const cases: [string, number | null][] = [
      ['parent@demo.test', null],
      ['donor@demo.test', null],
      ['admin@demo.test', null],
      ['parent@demo.test', admin],
    ];
    for (const [username, switchedFromUserId] of cases) {
      const userId = await idOf(username);
      const token = newToken();
      await t.db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        switchedFromUserId,
        createdAt: t.clock.now(),
        lastSeenAt: t.clock.now(),
      });
      const res = await t.request({ method: 'GET', url: '/api/me', as: token });
      expect(res.statusCode, username).toBe(200);
      const expected = await buildSessionUser(t.db, userId, switchedFromUserId);
      expect(body(res).data, `${username} switched from ${switchedFromUserId}`).toEqual(
        JSON.parse(JSON.stringify(expected)),
      );
      if (switchedFromUserId !== null) expect(expected.switchedFrom?.userId).toBe(admin);
      if (username === 'parent@demo.test') expect(expected.shortlistId).not.toBeNull();
      if (username === 'donor@demo.test') expect(expected.donor).not.toBeNull();
    }
  });

  it('reads the user fresh: a change committed before the request shows in its answer', async () => {
    const token = await t.tokenFor('parent@demo.test');
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.username, 'parent@demo.test'));
    const res = await t.request({ method: 'GET', url: '/api/me', as: token });
    expect(body<{ firstName: string }>(res).data.firstName).toBe('Renamed');
  });
});
