import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { centers, jobRuns, textOutbox } from '../db/schema/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { type Config, loadConfig } from './config.js';
import { e164, queueText } from './sms.js';
import {
  deliverPendingTexts,
  TEXT_DELIVERY_JOB,
  TEXT_MAX_ATTEMPTS,
  textRetryDelayMs,
} from './sms-delivery.js';

/** A stand-in for Twilio's REST API on loopback: nothing in these tests reaches the internet. */
interface FakeTwilio {
  url: string;
  requests: { path: string; authorization: string; form: URLSearchParams }[];
  /** What the next requests answer: status and JSON body. */
  answer: { status: number; body: Record<string, unknown> };
  server: Server;
}

const FAKE_PORT = 4161;
const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'auth-token-of-center-1-0123456789';
const FROM = '+15005550006';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function startFakeTwilio(): Promise<FakeTwilio> {
  const fake: FakeTwilio = {
    url: `http://127.0.0.1:${FAKE_PORT}`,
    requests: [],
    answer: { status: 201, body: {} },
    server: createServer(async (request, response) => {
      const form = new URLSearchParams(await readBody(request));
      fake.requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        form,
      });
      const body =
        fake.answer.status < 300
          ? {
              sid: `SM${String(fake.requests.length).padStart(32, '0')}`,
              status: 'queued',
              to: form.get('To'),
            }
          : fake.answer.body;
      response.writeHead(fake.answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }),
  };
  await new Promise<void>((resolve) => fake.server.listen(FAKE_PORT, '127.0.0.1', resolve));
  return fake;
}

let t: TestApp;
let fake: FakeTwilio;
let dataDir: string;
beforeAll(async () => {
  t = await startTestApp();
  fake = await startFakeTwilio();
  dataDir = mkdtempSync(path.join(tmpdir(), 'sms-delivery-'));
});
afterAll(async () => {
  await new Promise((resolve) => fake.server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});
// Each test starts from an empty queue and a center without Twilio settings.
beforeEach(async () => {
  await t.db.delete(textOutbox);
  await t.db
    .update(centers)
    .set({ twilioPhoneNumber: null, twilioAccountSid: null, twilioAuthTokenSealed: null })
    .where(eq(centers.id, 1));
  fake.requests.length = 0;
  fake.answer = { status: 201, body: {} };
});

const deps = (config: Partial<Config> = {}) => ({
  db: t.db,
  config: { ...t.config, dataDir, ...config },
  secrets: t.secrets,
  clock: t.clock,
});
const twilio = (config: Partial<Config> = {}) =>
  deps({ smsTransport: 'twilio', twilioApiUrl: fake.url, ...config });

async function setTwilio(centerId = 1): Promise<void> {
  await t.db
    .update(centers)
    .set({ twilioPhoneNumber: FROM, twilioAccountSid: SID, twilioAuthTokenSealed: t.secrets.seal(TOKEN) })
    .where(eq(centers.id, centerId));
}

const queue = (body = 'Your code is 123456.', to = '+12025550123') =>
  queueText(t.db, t.secrets, { centerId: 1, toUserId: null, to, body });
const rowOf = async (id: number) => (await t.db.select().from(textOutbox).where(eq(textOutbox.id, id)))[0]!;

describe('queueText', () => {
  it('stores the body sealed in the caller transaction; a rollback queues nothing', async () => {
    const id = (await queue('Private words'))!;
    const row = await rowOf(id);
    expect(row).toMatchObject({ centerId: 1, toNumber: '+12025550123', status: 'pending', attempts: 0 });
    expect(row.sealedContent).not.toContain('Private');
    expect(t.secrets.open(row.sealedContent!)).toBe('Private words');
    await t.db
      .transaction(async (tx) => {
        await queueText(tx, t.secrets, { centerId: 1, toUserId: null, to: '+12025550124', body: 'x' });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await t.db.select().from(textOutbox).where(eq(textOutbox.toNumber, '+12025550124'))).toEqual([]);
  });

  it('queues nothing for a number that is not E.164, without failing the caller', async () => {
    expect(await queue('x', '2025550123')).toBeNull();
    expect(await queue('x', '+0123')).toBeNull();
    expect(e164('+1', '(202) 555-0123')).toBe('+12025550123');
    expect(e164('0044', '7700900123')).toBe('+447700900123');
    expect(e164('+1', '')).toBeNull();
  });
});

describe('SMS_TRANSPORT=outbox', () => {
  it("captures the text into the operator's drop (0600) and keeps it sealed for the development viewer", async () => {
    const id = (await queue('Drop me'))!;
    const result = await deliverPendingTexts(deps());
    expect(result).toMatchObject({ claimed: 1, captured: 1, failed: 0 });
    const row = await rowOf(id);
    expect(row.status).toBe('captured');
    expect(t.secrets.open(row.sealedContent!)).toBe('Drop me');
    const dir = path.join(dataDir, 'texts');
    const files = readdirSync(dir).filter((name) => name.startsWith(row.providerId!));
    expect(files).toHaveLength(1);
    const file = path.join(dir, files[0]!);
    expect(readFileSync(file, 'utf8')).toContain('To: +12025550123\n\nDrop me');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const runs = await t.db.select().from(jobRuns).where(eq(jobRuns.job, TEXT_DELIVERY_JOB));
    expect(runs.at(-1)).toMatchObject({ centerId: 1, status: 'success', processed: 1 });
  });

  it('keeps nothing readable in a production process', async () => {
    const id = (await queue('Prod'))!;
    await deliverPendingTexts(deps({ production: true }));
    expect(await rowOf(id)).toMatchObject({ status: 'captured', sealedContent: null });
  });
});

describe('SMS_TRANSPORT=twilio (against a fake Twilio on loopback)', () => {
  it("sends from the center's number with its account, and clears the body once sent", async () => {
    await setTwilio();
    const id = (await queue('Hello from the agency'))!;
    const result = await deliverPendingTexts(twilio());
    expect(result).toMatchObject({ claimed: 1, sent: 1 });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(request!.form)).toEqual({
      From: FROM,
      To: '+12025550123',
      Body: 'Hello from the agency',
    });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', sealedContent: null, lastError: null });
    expect(row.providerId).toMatch(/^SM/);
  });

  it('retries a failed send with growing backoff, then marks it failed and clears the body', async () => {
    await setTwilio();
    fake.answer = { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } };
    const id = (await queue('Try again'))!;
    for (let attempt = 1; attempt <= TEXT_MAX_ATTEMPTS; attempt++) {
      const result = await deliverPendingTexts(twilio());
      expect(result.claimed, `attempt ${attempt}`).toBe(1);
      const row = await rowOf(id);
      if (attempt < TEXT_MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: 'pending', attempts: attempt });
        expect(row.sealedContent).not.toBeNull();
        // The clock runs on in real time while the pass works: within a second of the backoff.
        const wait = row.nextAttemptAt.getTime() - t.clock.now().getTime();
        expect(wait).toBeLessThanOrEqual(textRetryDelayMs(attempt));
        expect(wait).toBeGreaterThan(textRetryDelayMs(attempt) - 1_000);
        // Not due before its backoff is over.
        expect((await deliverPendingTexts(twilio())).claimed).toBe(0);
        t.clock.advance(textRetryDelayMs(attempt));
      } else {
        expect(row).toMatchObject({ status: 'failed', sealedContent: null });
      }
      expect(row.lastError).toContain('Twilio');
    }
    expect(fake.requests).toHaveLength(TEXT_MAX_ATTEMPTS);
    const runs = await t.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, TEXT_DELIVERY_JOB), eq(jobRuns.status, 'failed')));
    expect(runs.length).toBeGreaterThanOrEqual(TEXT_MAX_ATTEMPTS);
  });

  it('sends once the provider recovers', async () => {
    await setTwilio();
    fake.answer = { status: 503, body: { code: 20503, message: 'Service Unavailable', status: 503 } };
    const id = (await queue())!;
    await deliverPendingTexts(twilio());
    fake.answer = { status: 201, body: {} };
    t.clock.advance(textRetryDelayMs(1));
    expect((await deliverPendingTexts(twilio())).sent).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, sealedContent: null });
  });

  it('fails at once for a number Twilio refuses, and never shows the token in the error', async () => {
    await setTwilio();
    fake.answer = {
      status: 400,
      body: { code: 21211, message: "The 'To' number is not valid.", status: 400 },
    };
    const id = (await queue())!;
    expect((await deliverPendingTexts(twilio())).failed).toBe(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', sealedContent: null });
    expect(row.lastError).toContain('21211');

    fake.answer = { status: 401, body: { code: 20003, message: `Authenticate ${TOKEN}`, status: 401 } };
    const other = (await queue())!;
    await deliverPendingTexts(twilio());
    const refused = await rowOf(other);
    expect(refused.status).toBe('failed');
    expect(refused.lastError).toBe('Twilio did not accept the account SID or auth token.');
    const runs = await t.db.select().from(jobRuns).where(eq(jobRuns.job, TEXT_DELIVERY_JOB));
    expect(JSON.stringify(runs)).not.toContain(TOKEN);
  });

  it('waits, with a clear error, while the center has no Twilio number and account', async () => {
    const id = (await queue())!;
    expect((await deliverPendingTexts(twilio())).retried).toBe(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'pending',
      lastError: 'No Twilio number and account are set for this agency.',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('never sends one text twice when two processes claim at once', async () => {
    await setTwilio();
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => queue(`n${n}`, `+1202555020${n}`)));
    const [a, b] = await Promise.all([deliverPendingTexts(twilio(), 3), deliverPendingTexts(twilio(), 3)]);
    expect(a.claimed + b.claimed).toBe(5);
    expect(fake.requests).toHaveLength(5);
    const rows = await t.db
      .select()
      .from(textOutbox)
      .where(inArray(textOutbox.id, ids as number[]));
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});

describe('configuration', () => {
  it('SMS_TRANSPORT is outbox by default, twilio on request, anything else refused', () => {
    const base = { APP_SECRET: 'x'.repeat(32), DATA_DIR: dataDir };
    expect(loadConfig(base).smsTransport).toBe('outbox');
    expect(loadConfig({ ...base, SMS_TRANSPORT: 'twilio' }).smsTransport).toBe('twilio');
    expect(() => loadConfig({ ...base, SMS_TRANSPORT: 'pigeon' })).toThrow(/SMS_TRANSPORT must be one of/);
    expect(loadConfig({ ...base, TWILIO_API_URL: 'http://127.0.0.1:4161/' }).twilioApiUrl).toBe(
      'http://127.0.0.1:4161',
    );
    expect(() => loadConfig({ ...base, TWILIO_API_URL: 'ftp://x' })).toThrow(/TWILIO_API_URL/);
  });
});
