import { createServer } from 'node:net';
import { MSG } from '@dm/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { SecretBox } from '../../platform/crypto.js';
import { deliverPendingMail } from '../../platform/mail-delivery.js';
import { smtpTransportFactory } from '../../platform/mail-transport.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * A real SMTP round trip: a local smtp-server, the agency's connection saved through the API,
 * a templated mail queued by a real route and delivered by the mail job over the network.
 */

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const USER = 'mailer';
const PASSWORD = 'Round-trip-Pass1';

let t: TestApp;
/** The same database and config, but with the real nodemailer transport. */
let real: FastifyInstance;
let server: SMTPServer;
let port: number;
const received: Received[] = [];
const authAttempts: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  real = await buildApp({
    database: t.database,
    config: t.config,
    clock: t.clock,
    mailTransport: smtpTransportFactory,
  });
  await real.ready();
  server = new SMTPServer({
    // Plain connection with AUTH allowed, as on many internal relays; STARTTLS stays offered.
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      authAttempts.push(auth.username ?? '');
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await real.close();
  await t.close();
});

async function callReal(url: string, payload: Record<string, unknown>, as = 'admin@demo.test') {
  return real.inject({ method: 'POST', url, payload, headers: { 'x-access-token': await t.tokenFor(as) } });
}

const connection = (over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port,
  secure: false,
  username: USER,
  password: PASSWORD,
  fromEmail: 'donors@main-agency.test',
  fromName: 'Main Agency',
  ...over,
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const free = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

describe('SMTP round trip', () => {
  it('tests the connection against a real SMTP server', async () => {
    const res = await callReal('/api/testconnection', connection());
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.CONNECTION_OK);
    expect(authAttempts).toContain(USER);
  });

  it('says why a wrong password fails, without repeating it', async () => {
    const res = await callReal('/api/testconnection', connection({ password: 'Wrong-Pass-123' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(
      `${MSG.CONNECTION_FAILED} the server did not accept the username or password.`,
    );
    expect(res.body).not.toContain('Wrong-Pass-123');
  });

  it('answers 400 with a clear message for a closed port', async () => {
    const res = await callReal('/api/testconnection', connection({ port: await closedPort() }));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(
      `${MSG.CONNECTION_FAILED} the server refused the connection (check host and port).`,
    );
    expect(res.body).not.toContain(PASSWORD);
  });

  it("delivers a queued reset e-mail through the agency's saved connection", async () => {
    const saved = await callReal('/api/updatetestconnection', connection());
    expect(saved.statusCode).toBe(200);
    // The stored password is used when the form leaves it blank.
    const stored = await callReal('/api/testconnection', connection({ password: '' }));
    expect(stored.statusCode).toBe(200);

    const reset = await real.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { username: 'manager@demo.test' },
    });
    expect(reset.statusCode).toBe(200);
    const [queued] = (await t.outbox('manager@demo.test')).slice(-1);
    expect(queued!.status).toBe('pending');
    // Queued rows carry the database's microsecond clock; step the app clock past it.
    t.clock.advance(1);

    const result = await deliverPendingMail({
      db: t.db,
      config: { ...t.config, mailTransport: 'smtp', smtpUrl: null },
      secrets: new SecretBox(t.config.appSecret),
      mailTransport: smtpTransportFactory,
      clock: t.clock,
    });
    expect(result.sent).toBeGreaterThanOrEqual(1);

    const mail = received.find((m) => m.to.includes('manager@demo.test'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('donors@main-agency.test');
    expect(mail!.raw).toMatch(/^Subject: Reset your password\r?$/m);
    expect(mail!.raw).toMatch(/^From: "?Main Agency"? <donors@main-agency.test>\r?$/m);
    expect(mail!.raw).toContain('#/reset/manager%40demo.test?token=');

    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).not.toBeNull();
  });
});
