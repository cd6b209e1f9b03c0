import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CreatedWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookDeliveryRow,
} from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donors, matches, users, webhookDeliveries } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import {
  deliverWebhooks,
  signWebhook,
  WEBHOOK_MAX_ATTEMPTS,
  webhookRetryDelayMs,
} from './webhook-delivery.js';
import { checkWebhookUrl, isInternalAddress } from './webhook-target.js';

/** A receiver on loopback that checks each delivery's signature as an agency's would. */
interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  signatureOk: boolean;
}
let t: TestApp;
let server: Server;
let url = '';
const received: Received[] = [];
/** The status codes the receiver answers with, in turn; 200 once used up. */
const answers: number[] = [];
let secret = '';

beforeAll(async () => {
  t = await startTestApp();
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const timestamp = String(req.headers[WEBHOOK_TIMESTAMP_HEADER]);
      const given = Buffer.from(String(req.headers[WEBHOOK_SIGNATURE_HEADER]));
      const expected = Buffer.from(
        `v1=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`,
      );
      const parsed = JSON.parse(raw) as Omit<Received, 'signatureOk'>;
      received.push({
        ...parsed,
        signatureOk: given.length === expected.length && timingSafeEqual(given, expected),
      });
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'thanks' : 'x'.repeat(5000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const pass = () => {
  // The rows are due at the database's now(): move the clock past it.
  t.clock.advance(1_000);
  return deliverWebhooks({ db: t.db, clock: t.clock, secrets: t.secrets, config: t.config });
};

async function register(as: string, events: string[]): Promise<CreatedWebhook> {
  const res = await t.request({ method: 'POST', url: '/api/webhooks', payload: { url, events }, as });
  expect(res.statusCode, res.body).toBe(200);
  return body<CreatedWebhook>(res).data;
}

describe('webhook deliveries', () => {
  it('are signed, retried after a failure, and reach the receiver once per event', async () => {
    const hook = await register('admin@demo.test', ['donor.status_changed']);
    secret = hook.secret;
    const [donor] = await t.db
      .select({ id: donors.userId, availability: donors.availability })
      .from(donors)
      .where(and(eq(donors.centerId, 1), eq(donors.availability, 'Available')))
      .limit(1);
    // The change and its event in one transaction (the trigger queues it).
    await t.db.update(donors).set({ availability: 'Unavailable' }).where(eq(donors.userId, donor!.id));
    // Another center's change is not delivered to center 1's endpoint.
    const [theirs] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .where(eq(donors.centerId, 85))
      .limit(1);
    await t.db.update(donors).set({ availability: 'Reserved' }).where(eq(donors.userId, theirs!.id));

    answers.push(500);
    expect(await pass()).toEqual({ claimed: 1, delivered: 0, retried: 1, failed: 0 });
    // Not due again until its backoff has passed.
    expect((await pass()).claimed).toBe(0);
    t.clock.advance(webhookRetryDelayMs(1));
    expect(await pass()).toEqual({ claimed: 1, delivered: 1, retried: 0, failed: 0 });
    expect((await pass()).claimed).toBe(0);

    expect(received).toHaveLength(2);
    expect(received.every((r) => r.signatureOk)).toBe(true);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
    expect(received[1]).toMatchObject({
      type: 'donor.status_changed',
      data: { donor_id: donor!.id, previous_status: 'Available', status: 'Unavailable' },
    });

    const list = await t.request({
      method: 'GET',
      url: `/api/webhooks/${hook.webhook.id}/deliveries`,
      as: 'admin@demo.test',
    });
    const [delivery] = body<WebhookDeliveryRow[]>(list).data;
    expect(delivery!.status).toBe('delivered');
    expect(delivery!.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [500, 'HTTP 500'],
      [200, null],
    ]);
    // Only a short excerpt of the receiver's answer is kept.
    expect(delivery!.attempts[0]!.excerpt.length).toBeLessThanOrEqual(200);
    expect(delivery!.attempts[1]!.excerpt).toBe('thanks');
    await t.request({ method: 'DELETE', url: `/api/webhooks/${hook.webhook.id}`, as: 'admin@demo.test' });
  });

  it('queue new and completed matches for the donor center, and fail after the last attempt', async () => {
    received.length = 0;
    const hook = await register('admin@demo.test', ['match.requested', 'match.completed']);
    secret = hook.secret;
    const [donor] = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .where(and(eq(donors.centerId, 1), eq(donors.availability, 'Available')))
      .limit(1);
    const [parent] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'parent@demo.test'));
    const [match] = await t.db
      .insert(matches)
      .values({
        donorId: donor!.id,
        parentId: parent!.id,
        donorCenterId: 1,
        parentCenterId: 1,
        status: 'Active',
        requestedAt: t.clock.now(),
        statusChangedAt: t.clock.now(),
      })
      .returning({ id: matches.id });
    await t.db.update(matches).set({ status: 'Completed' }).where(eq(matches.id, match!.id));
    const queued = await t.db
      .select({ type: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.webhook.id));
    expect(queued.map((q) => q.type).sort()).toEqual(['match.completed', 'match.requested']);

    answers.push(...Array(2 * WEBHOOK_MAX_ATTEMPTS).fill(503));
    let failed = 0;
    for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS; i++) {
      failed += (await pass()).failed;
      t.clock.advance(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS));
    }
    expect(failed).toBe(2);
    expect(received).toHaveLength(2 * WEBHOOK_MAX_ATTEMPTS);
    const rows = body<WebhookDeliveryRow[]>(
      await t.request({
        method: 'GET',
        url: `/api/webhooks/${hook.webhook.id}/deliveries`,
        // A fresh session: the clock moved on by hours.
        as: await t.tokenFor('admin@demo.test'),
      }),
    ).data;
    expect(rows.map((r) => [r.status, r.attempts.length])).toEqual([
      ['failed', WEBHOOK_MAX_ATTEMPTS],
      ['failed', WEBHOOK_MAX_ATTEMPTS],
    ]);
    expect((await pass()).claimed).toBe(0);
  });
});

describe('webhook targets', () => {
  it('sign the timestamp, a dot and the body with HMAC-SHA256', () => {
    expect(signWebhook('s', 1, '{}')).toBe(`v1=${createHmac('sha256', 's').update('1.{}').digest('hex')}`);
  });

  it('refuse internal addresses in production and plain http except to loopback in development', () => {
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '192.168.1.1',
      '::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'fd00::1',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:2800:220:1::1'])
      expect(isInternalAddress(address), address).toBe(false);
    expect(() => checkWebhookUrl('https://169.254.169.254/latest', true)).toThrow();
    expect(() => checkWebhookUrl('https://localhost/x', true)).toThrow();
    expect(() => checkWebhookUrl('http://127.0.0.1:9/x', true)).toThrow();
    expect(() => checkWebhookUrl('http://example.com/x', false)).toThrow();
    expect(() => checkWebhookUrl('https://user:pw@example.com/x', false)).toThrow();
    expect(checkWebhookUrl('http://127.0.0.1:9/x', false).port).toBe('9');
    expect(checkWebhookUrl('https://hooks.example.com/x', true).hostname).toBe('hooks.example.com');
  });
});
