import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMAIL_TYPE } from '@dm/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, smtpConnections } from '../db/schema/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { SecretBox } from './crypto.js';
import { queueTemplatedMail } from './mail.js';
import {
  deliverPendingMail,
  describeSmtpError,
  MAIL_MAX_ATTEMPTS,
  type MailDeliveryDeps,
  retryDelayMs,
  startMailDelivery,
} from './mail-delivery.js';
import {
  fileMailTransport,
  type MailTransportFactory,
  type OutgoingMail,
  type SmtpOptions,
} from './mail-transport.js';

let t: TestApp;
let secrets: SecretBox;
beforeAll(async () => {
  t = await startTestApp();
  secrets = new SecretBox(t.config.appSecret);
});
afterAll(() => t.close());

// Each test starts from an empty queue.
beforeEach(async () => {
  await t.db
    .update(mailOutbox)
    .set({ status: 'captured' })
    .where(inArray(mailOutbox.status, ['pending', 'sending']));
});

interface Recorder {
  factory: MailTransportFactory;
  sent: OutgoingMail[];
  opened: SmtpOptions[];
}

function recorder(send?: (mail: OutgoingMail) => Promise<void>): Recorder {
  const sent: OutgoingMail[] = [];
  const opened: SmtpOptions[] = [];
  return {
    sent,
    opened,
    factory: (options) => {
      opened.push(options);
      return {
        send: async (mail) => {
          await send?.(mail);
          sent.push(mail);
        },
        verify: async () => {},
        close: () => {},
      };
    },
  };
}

const deps = (
  factory: MailTransportFactory,
  over: Partial<MailDeliveryDeps['config']> = {},
): MailDeliveryDeps => ({
  db: t.db,
  config: { ...t.config, mailTransport: 'smtp', smtpUrl: null, ...over },
  secrets,
  mailTransport: factory,
  clock: t.clock,
});

async function queue(centerId: number, to: string): Promise<number> {
  const id = await queueTemplatedMail(t.db, t.secrets, {
    centerId,
    emailTypeId: EMAIL_TYPE.RESET_PASSWORD,
    to,
    vars: { recipient: 'Pat', link: 'https://example.test/x' },
  });
  // The row is stamped by the database clock in microseconds, the app clock reads milliseconds:
  // step past it so a mail queued in this same millisecond is already due.
  t.clock.advance(1);
  return id;
}

const rowOf = async (id: number) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

async function saveConnection(centerId: number, password: string) {
  await t.db
    .insert(smtpConnections)
    .values({
      centerId,
      host: `smtp${centerId}.example.test`,
      port: 2525,
      secure: 0,
      username: `user${centerId}`,
      passwordEncrypted: secrets.seal(password),
      fromEmail: `agency${centerId}@example.test`,
      fromName: `Agency ${centerId}`,
    })
    .onConflictDoNothing();
}

describe('deliverPendingMail', () => {
  it("sends through the agency's connection, else SMTP_URL with MAIL_FROM", async () => {
    await saveConnection(85, 'Pass-85-secret');
    const viaAgency = await queue(85, 'a85@example.test');
    const viaDefault = await queue(133, 'a133@example.test');
    const rec = recorder();
    const result = await deliverPendingMail(
      deps(rec.factory, { smtpUrl: 'smtp://relay:p%40ss@relay.example.test:2587' }),
    );
    expect(result).toMatchObject({ claimed: 2, sent: 2, failed: 0, retried: 0 });
    expect(rec.opened).toEqual(
      expect.arrayContaining([
        {
          host: 'smtp85.example.test',
          port: 2525,
          secure: false,
          username: 'user85',
          password: 'Pass-85-secret',
        },
        { host: 'relay.example.test', port: 2587, secure: false, username: 'relay', password: 'p@ss' },
      ]),
    );
    expect(rec.sent.find((m) => m.to === 'a85@example.test')!.from).toBe(
      '"Agency 85" <agency85@example.test>',
    );
    expect(rec.sent.find((m) => m.to === 'a133@example.test')!.from).toBe(t.config.mailFrom);
    for (const id of [viaAgency, viaDefault])
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('never sends one e-mail twice when several passes run at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await queue(1, `bulk${i}@example.test`));
    const rec = recorder(() => new Promise((resolve) => setTimeout(resolve, 2)));
    const config = { smtpUrl: 'smtp://relay.example.test:25' };
    await Promise.all([
      deliverPendingMail(deps(rec.factory, config), 7),
      deliverPendingMail(deps(rec.factory, config), 7),
      deliverPendingMail(deps(rec.factory, config), 7),
      deliverPendingMail(deps(rec.factory, config), 7),
    ]);
    // Drain what the four passes left.
    while ((await deliverPendingMail(deps(rec.factory, config))).claimed > 0);
    const addresses = rec.sent.map((m) => m.to).filter((to) => to.startsWith('bulk'));
    expect(addresses).toHaveLength(30);
    expect(new Set(addresses).size).toBe(30);
    const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries with backoff, keeps secrets out of last_error, and gives up after the last attempt', async () => {
    await saveConnection(46, 'Leaky-Pass-46');
    const id = await queue(46, 'retry@example.test');
    const failing = recorder(async () => {
      throw Object.assign(new Error('535 auth failed for Leaky-Pass-46'), { code: 'EPROTOCOL' });
    });
    const first = await deliverPendingMail(deps(failing.factory));
    expect(first).toMatchObject({ claimed: 1, retried: 1 });
    const after1 = await rowOf(id);
    expect(after1).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after1.lastError).toBe('535 auth failed for ***');
    const wait = after1.nextAttemptAt.getTime() - t.clock.now().getTime();
    expect(wait).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(wait).toBeLessThanOrEqual(retryDelayMs(1));

    // Not due yet: nothing is claimed.
    expect((await deliverPendingMail(deps(failing.factory))).claimed).toBe(0);

    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      t.clock.advance(retryDelayMs(attempt - 1) + 1000);
      await deliverPendingMail(deps(failing.factory));
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    t.clock.advance(24 * 60 * 60_000);
    expect((await deliverPendingMail(deps(failing.factory))).claimed).toBe(0);
  });

  it('retries when no connection is configured at all', async () => {
    const id = await queue(36, 'nowhere@example.test');
    const rec = recorder();
    const result = await deliverPendingMail(deps(rec.factory));
    expect(result.retried).toBe(1);
    expect(rec.opened).toHaveLength(0);
    expect((await rowOf(id)).lastError).toMatch(/No SMTP connection/);
  });

  it('picks up a mail whose sender died mid-send once the claim lease runs out', async () => {
    const id = await queue(1, 'orphan@example.test');
    // A process claims it and dies before marking it.
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: t.clock.now() })
      .where(eq(mailOutbox.id, id));
    const rec = recorder();
    await deliverPendingMail(deps(rec.factory, { smtpUrl: 'smtp://relay.example.test:25' }));
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('with MAIL_TRANSPORT=outbox marks mail captured and sends nothing', async () => {
    const id = await queue(1, 'captured@example.test');
    const rec = recorder();
    const result = await deliverPendingMail(deps(rec.factory, { mailTransport: 'outbox' }));
    expect(result.captured).toBe(1);
    expect(rec.opened).toHaveLength(0);
    expect((await rowOf(id)).status).toBe('captured');
  });
});

describe('attachments (calendar invitations)', () => {
  const invite = {
    filename: 'invite.ics',
    contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n',
  };

  it('are sealed with the mail, handed to SMTP, and written into the .eml of the file drop', async () => {
    const id = await queueTemplatedMail(t.db, t.secrets, {
      centerId: 1,
      emailTypeId: EMAIL_TYPE.RESET_PASSWORD,
      to: 'attached@example.test',
      vars: { recipient: 'Pat', link: 'https://example.test/x' },
      attachments: [invite],
    });
    t.clock.advance(1);
    const row = await rowOf(id);
    expect(row.sealedContent).not.toContain('VCALENDAR');
    const rec = recorder();
    await deliverPendingMail(deps(rec.factory, { smtpUrl: 'smtp://relay.example.test:25' }));
    expect(rec.sent.find((m) => m.to === 'attached@example.test')!.attachments).toEqual([invite]);

    const dir = await mkdtemp(path.join(tmpdir(), 'mail-attach-'));
    try {
      await fileMailTransport(dir).send({
        from: 'a@example.test',
        to: 'b@example.test',
        subject: 'Invitation',
        html: '<p>Hi</p>',
        text: 'Hi',
        attachments: [invite],
      });
      const [name] = await readdir(dir);
      const eml = await readFile(path.join(dir, name!), 'utf8');
      expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
      expect(eml).toMatch(/filename=invite\.ics/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('startMailDelivery', () => {
  it('polls the queue, and stop() waits for the batch in flight', async () => {
    const id = await queue(1, 'polled@example.test');
    let release!: () => void;
    let started!: () => void;
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const rec = recorder(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    );
    const runner = startMailDelivery(
      { ...deps(rec.factory, { smtpUrl: 'smtp://relay.example.test:25' }), log: t.app.log },
      20,
    );
    await sending;
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await rowOf(id)).status).toBe('sent');
  });
});

describe('describeSmtpError', () => {
  it('names common failures and hides the password and the AUTH PLAIN token', () => {
    const options = { username: 'u', password: 'pw-secret' };
    expect(describeSmtpError(Object.assign(new Error('x'), { code: 'EAUTH' }), options)).toBe(
      'the server did not accept the username or password.',
    );
    const token = Buffer.from('\0u\0pw-secret').toString('base64');
    expect(describeSmtpError(new Error(`bad ${token} pw-secret`), options)).toBe('bad *** ***');
  });
});
