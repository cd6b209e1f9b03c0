import { AGENCY_API_MSG, type ApiKeyRow, type CreatedApiKey, type CreatedWebhook, MSG } from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADMIN = 'admin@demo.test';
const OTHER_ADMIN = 'admin85@demo.test';
const keyed = (key: string) => ({ authorization: `Bearer ${key}` });

async function createKey(as: string, payload: Record<string, unknown>): Promise<CreatedApiKey> {
  const res = await t.request({ method: 'POST', url: '/api/apikeys', payload, as });
  expect(res.statusCode, res.body).toBe(200);
  return body<CreatedApiKey>(res).data;
}

async function centerDonor(centerId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .where(eq(donors.centerId, centerId))
    .limit(1);
  return row!.id;
}

describe('API key routes', () => {
  it('answer 401 without a session, 403 to a case manager, 400 with the message on a bad name', async () => {
    expect((await t.request({ method: 'GET', url: '/api/apikeys' })).statusCode).toBe(401);
    const manager = await t.request({ method: 'GET', url: '/api/apikeys', as: 'manager@demo.test' });
    expect(manager.statusCode).toBe(403);
    const bad = await t.request({
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: ' ', scope: 'read' },
      as: ADMIN,
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe(AGENCY_API_MSG.KEY_NAME);
    const scope = await t.request({
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: 'x', scope: 'all' },
      as: ADMIN,
    });
    expect(body(scope).message).toBe(AGENCY_API_MSG.KEY_SCOPE);
  });

  it('creates a key shown once, stores only its hash, lists it, and audits the creation', async () => {
    const created = await createKey(ADMIN, { name: 'CRM sync', scope: 'read' });
    expect(created.secret).toMatch(new RegExp(`^dmk_${created.key.id}_[A-Za-z0-9_-]{32}$`));
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row!.secretHash).not.toContain(created.secret.slice(-20));
    expect(row!.centerId).toBe(1);
    const list = body<ApiKeyRow[]>(await t.request({ method: 'GET', url: '/api/apikeys', as: ADMIN })).data;
    const listed = list.find((k) => k.id === created.key.id)!;
    expect(listed).toMatchObject({ name: 'CRM sync', scope: 'read', revoked_at: null, last_used_at: null });
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.create'), eq(auditLog.entityId, String(created.key.id))));
    expect(entry!.details).toEqual({ name: 'CRM sync', scope: 'read' });
  });

  it("answers 404 for another center's key and center, and lets the master admin manage any center's", async () => {
    const theirs = await createKey(OTHER_ADMIN, { name: 'Theirs', scope: 'write' });
    const revoke = await t.request({ method: 'DELETE', url: `/api/apikeys/${theirs.key.id}`, as: ADMIN });
    expect(revoke.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/apikeys?center_id=85', as: ADMIN })).statusCode).toBe(
      404,
    );
    const mine = body<ApiKeyRow[]>(await t.request({ method: 'GET', url: '/api/apikeys', as: ADMIN })).data;
    expect(mine.some((k) => k.id === theirs.key.id)).toBe(false);
    const master = await createKey('master@demo.test', { name: 'By master', scope: 'read', center_id: 85 });
    expect(master.key.center_id).toBe(85);
    const listed = body<ApiKeyRow[]>(
      await t.request({ method: 'GET', url: '/api/apikeys?center_id=85', as: 'master@demo.test' }),
    ).data;
    expect(listed.map((k) => k.id)).toEqual(expect.arrayContaining([theirs.key.id, master.key.id]));
    expect(
      (await t.request({ method: 'GET', url: '/api/apikeys?center_id=999999', as: 'master@demo.test' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a key as the caller', () => {
  it('reads with the admin reach of its center, on GET and the POST lists that only read', async () => {
    const { secret } = await createKey(ADMIN, { name: 'Reader', scope: 'read' });
    const list = await t.request({
      method: 'POST',
      url: '/api/getdonorbycenter',
      payload: {},
      headers: keyed(secret),
    });
    expect(list.statusCode, list.body).toBe(200);
    const check = await t.request({
      method: 'GET',
      url: '/api/checkagencyallowedintulip',
      headers: keyed(secret),
    });
    expect(check.statusCode).toBe(200);
    // The other POST lists marked as only reading (reads: true): clients, a donor's matches and
    // queue, the archived donors and the donors with blank mandatory fields.
    const donorId = await centerDonor(1);
    for (const [url, payload] of [
      ['/api/getclientslist', { search: '' }],
      ['/api/getactiveandqueuematchdonor', { donor_id: donorId }],
      ['/api/getdonorqueuedetails', { donor_id: donorId }],
      ['/api/fetcharchiveddonors', {}],
      ['/api/getblankmandatoryfields', {}],
    ] as const) {
      const res = await t.request({ method: 'POST', url, payload, headers: keyed(secret) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('refuses writes to a read-only key (403) and lets a read-write key write, audited as the key', async () => {
    const donorId = await centerDonor(1);
    const reader = await createKey(ADMIN, { name: 'Reader 2', scope: 'read' });
    const refused = await t.request({
      method: 'POST',
      url: `/api/setpriority/${donorId}`,
      payload: { priority: 3 },
      headers: keyed(reader.secret),
    });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe(AGENCY_API_MSG.READ_ONLY);
    const writer = await createKey(ADMIN, { name: 'Writer', scope: 'write' });
    const written = await t.request({
      method: 'POST',
      url: `/api/setpriority/${donorId}`,
      payload: { priority: 3 },
      headers: keyed(writer.secret),
    });
    expect(written.statusCode, written.body).toBe(200);
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.apiKeyId).toBe(writer.key.id);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN));
    expect(entry!.actorUserId).toBe(admin!.id);
  });

  it("never reaches another center's donor (404) nor the master admin's pages (403)", async () => {
    const { secret } = await createKey('master@demo.test', {
      name: 'Master-made',
      scope: 'write',
      center_id: 1,
    });
    const theirs = await centerDonor(85);
    const res = await t.request({
      method: 'POST',
      url: `/api/setpriority/${theirs}`,
      payload: { priority: 2 },
      headers: keyed(secret),
    });
    expect(res.statusCode).toBe(404);
    // The agencies list is the master admin's page: a key made by her has an agency admin's reach.
    const agencies = await t.request({ method: 'GET', url: '/api/crondata/all', headers: keyed(secret) });
    expect(agencies.statusCode).toBe(200);
    const dexi = await t.request({
      method: 'POST',
      url: '/api/executedexirun',
      payload: { center_id: 1 },
      headers: keyed(secret),
    });
    expect(dexi.statusCode).toBe(403);
  });

  it('is refused on the routes of a person: session, profile, key management (403)', async () => {
    const { secret } = await createKey(ADMIN, { name: 'Writer 2', scope: 'write' });
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/apikeys'],
      ['POST', '/api/apikeys'],
      ['GET', '/api/webhooks'],
      ['POST', '/api/authenticate'],
    ] as const) {
      const res = await t.request({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        headers: keyed(secret),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(body(res).message).toBe(AGENCY_API_MSG.NOT_FOR_KEYS);
    }
  });

  it('answers 401 once revoked, and for an unknown key; revoking twice changes nothing', async () => {
    const created = await createKey(ADMIN, { name: 'Short-lived', scope: 'read' });
    const url = '/api/checkagencyallowedintulip';
    expect((await t.request({ method: 'GET', url, headers: keyed(created.secret) })).statusCode).toBe(200);
    const revoked = await t.request({ method: 'DELETE', url: `/api/apikeys/${created.key.id}`, as: ADMIN });
    expect(revoked.statusCode).toBe(200);
    expect(body(revoked).message).toBe(AGENCY_API_MSG.KEY_REVOKED);
    const after = await t.request({ method: 'GET', url, headers: keyed(created.secret) });
    expect(after.statusCode).toBe(401);
    expect(body(after).message).toBe(MSG.BAD_TOKEN);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/apikeys/${created.key.id}`, as: ADMIN })).statusCode,
    ).toBe(200);
    const forged = `${created.secret.slice(0, -3)}abc`;
    expect((await t.request({ method: 'GET', url, headers: keyed(forged) })).statusCode).toBe(401);
  });

  it('records the last use at most once a minute', async () => {
    const created = await createKey(ADMIN, { name: 'Counted', scope: 'read' });
    const call = () =>
      t.request({ method: 'GET', url: '/api/checkagencyallowedintulip', headers: keyed(created.secret) });
    const lastUsed = async () =>
      (await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id)))[0]!.lastUsedAt!.getTime();
    await call();
    const first = await lastUsed();
    t.clock.advance(30_000);
    await call();
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await call();
    expect(await lastUsed()).toBeGreaterThan(first);
  });
});

describe('webhook routes', () => {
  it('answer 401, 403, 400 with the message, and register an endpoint with its secret shown once', async () => {
    const payload = { url: 'http://example.com/hook', events: ['match.requested'] };
    expect((await t.request({ method: 'POST', url: '/api/webhooks', payload })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/webhooks', payload, as: 'manager@demo.test' }))
        .statusCode,
    ).toBe(403);
    const http = await t.request({ method: 'POST', url: '/api/webhooks', payload, as: ADMIN });
    expect(http.statusCode).toBe(400);
    expect(body(http).message).toBe(AGENCY_API_MSG.WEBHOOK_URL);
    const none = await t.request({
      method: 'POST',
      url: '/api/webhooks',
      payload: { ...payload, events: [] },
      as: ADMIN,
    });
    expect(body(none).message).toBe(AGENCY_API_MSG.WEBHOOK_EVENTS);
    const ok = await t.request({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://hooks.example.com/dm', events: ['match.requested', 'match.requested'] },
      as: ADMIN,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const created = body<CreatedWebhook>(ok).data;
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.webhook.events).toEqual(['match.requested']);
    const list = await t.request({ method: 'GET', url: '/api/webhooks', as: ADMIN });
    expect(list.body).not.toContain(created.secret);
    expect(body<{ id: number }[]>(list).data.map((w) => w.id)).toContain(created.webhook.id);
  });

  it("answers 404 for another center's endpoint and its deliveries", async () => {
    const theirs = body<CreatedWebhook>(
      await t.request({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: 'https://hooks.example.org/85', events: ['donor.status_changed'] },
        as: OTHER_ADMIN,
      }),
    ).data;
    expect(
      (await t.request({ method: 'GET', url: `/api/webhooks/${theirs.webhook.id}/deliveries`, as: ADMIN }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/webhooks/${theirs.webhook.id}`, as: ADMIN }))
        .statusCode,
    ).toBe(404);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/webhooks/${theirs.webhook.id}`,
      as: OTHER_ADMIN,
    });
    expect(body(removed).message).toBe(AGENCY_API_MSG.WEBHOOK_REMOVED);
  });
});
