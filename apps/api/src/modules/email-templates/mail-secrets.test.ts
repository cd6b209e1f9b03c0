import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMAIL_TYPE, type OutboxMail } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { SecretBox } from '../../platform/crypto.js';
import { deliverPendingMail } from '../../platform/mail-delivery.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { TEST_DATA_DIR, TEST_SECRET } from '../../test/template.js';

// Mail carrying sign-in secrets (reset links, invitations, codes) reaches its recipient
// alone. Reproduced on a production build: anonymous reset for the master admin, then an agency
// admin read the link at GET /api/devoutbox and took the master's account.

const MASTER = 'master@demo.test';
const ADMIN = 'admin@demo.test';

let dev: TestApp;
beforeAll(async () => {
  dev = await startTestApp({ mailTransport: 'outbox' });
});
afterAll(() => dev.close());

const requestReset = (app: TestApp, username: string) =>
  app.request({ method: 'POST', url: '/api/resetpassword', payload: { username } });

/** The token in the newest reset mail to `to`, as its recipient reads it. */
async function resetTokenOf(app: TestApp, to: string): Promise<string> {
  const mail = (await app.outbox(to)).filter((m) => m.emailTypeId === EMAIL_TYPE.RESET_PASSWORD).at(-1)!;
  const token = mail.html.match(/\?token=([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeDefined();
  return token!;
}

/** Every mail_outbox row to `to`, every column as text, straight from the table. */
async function rawRows(app: TestApp, to: string): Promise<string> {
  const { rows } = (await app.db.execute(
    sql`select row_to_json(m)::text as row from mail_outbox m where m.to_address = ${to}`,
  )) as unknown as { rows: { row: string }[] };
  return rows.map((r) => r.row).join('\n');
}

const deliverWith = (app: TestApp, config: TestApp['config']) =>
  deliverPendingMail({
    db: app.db,
    config,
    secrets: new SecretBox(app.config.appSecret),
    mailTransport: () => ({ send: async () => {}, verify: async () => {}, close: () => {} }),
    clock: app.clock,
  });

describe('the reproduction of issue 16 (development outbox)', () => {
  it("an agency admin cannot obtain the master's reset token from the outbox", async () => {
    expect((await requestReset(dev, MASTER)).statusCode).toBe(200);
    const token = await resetTokenOf(dev, MASTER);
    const before = await dev.request({ method: 'GET', url: '/api/devoutbox?center_id=1', as: ADMIN });
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain(token);
    await deliverWith(dev, dev.config);
    const listings = [
      await dev.request({ method: 'GET', url: '/api/devoutbox', as: ADMIN }),
      await dev.request({ method: 'GET', url: '/api/devoutbox?center_id=1', as: ADMIN }),
    ];
    for (const res of listings) expect(res.body).not.toContain(token);
    // The mail is listed (it was sent) but neither its subject nor its body is shown to her.
    const listed = body<OutboxMail[]>(listings[0]!).data.find((m) => m.toAddress === MASTER);
    expect(listed).toBeDefined();
    expect(listed!.html).not.toContain('token');
  });

  it('the recipient reads her own mail in the outbox', async () => {
    expect((await requestReset(dev, ADMIN)).statusCode).toBe(200);
    const token = await resetTokenOf(dev, ADMIN);
    await deliverWith(dev, dev.config);
    const own = await dev.request({ method: 'GET', url: '/api/devoutbox', as: ADMIN });
    expect(own.body).toContain(token);
    // The master admin sees every agency's list, not the admin's link.
    const master = await dev.request({ method: 'GET', url: '/api/devoutbox', as: MASTER });
    expect(master.statusCode).toBe(200);
    expect(master.body).not.toContain(token);
  });

  it('keeps no token in clear in mail_outbox, queued or captured', async () => {
    expect((await requestReset(dev, 'parent@demo.test')).statusCode).toBe(200);
    const token = await resetTokenOf(dev, 'parent@demo.test');
    expect(await rawRows(dev, 'parent@demo.test')).not.toContain(token);
    await deliverWith(dev, dev.config);
    expect(await rawRows(dev, 'parent@demo.test')).not.toContain(token);
  });
});

describe('a production process', () => {
  it('has no development outbox at all (404)', async () => {
    const prod = await startTestApp({ production: true, mailTransport: 'file' });
    try {
      for (const as of [ADMIN, MASTER]) {
        const res = await prod.request({ method: 'GET', url: '/api/devoutbox', as });
        expect(res.statusCode).toBe(404);
      }
      const doc = (await prod.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, unknown>;
      };
      expect(doc.paths['/api/devoutbox']).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});

describe('MAIL_TRANSPORT', () => {
  const env = { APP_SECRET: TEST_SECRET, DATA_DIR: TEST_DATA_DIR };
  it('defaults to the file drop; outbox is refused in production', () => {
    expect(loadConfig(env).mailTransport).toBe('file');
    expect(loadConfig({ ...env, NODE_ENV: 'production' })).toMatchObject({
      mailTransport: 'file',
      production: true,
    });
    expect(loadConfig({ ...env, MAIL_TRANSPORT: 'smtp' }).mailTransport).toBe('smtp');
    expect(loadConfig({ ...env, MAIL_TRANSPORT: 'outbox' }).mailTransport).toBe('outbox');
    expect(() => loadConfig({ ...env, NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox' })).toThrow(
      /development tool/,
    );
    expect(() => loadConfig({ ...env, MAIL_TRANSPORT: 'smpt' })).toThrow(/MAIL_TRANSPORT must be one of/);
  });
});

describe('MAIL_TRANSPORT=file', () => {
  let dataDir: string;
  let app: TestApp;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dm-mail-drop-'));
    app = await startTestApp({ mailTransport: 'file', dataDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each mail as an .eml file only the owner can read, and clears the row', async () => {
    expect((await requestReset(app, MASTER)).statusCode).toBe(200);
    const token = await resetTokenOf(app, MASTER);
    expect(await rawRows(app, MASTER)).not.toContain(token);
    const result = await deliverWith(app, app.config);
    expect(result.sent).toBeGreaterThan(0);

    const dir = path.join(dataDir, 'mail');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = path.join(dir, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toMatch(/^To: master@demo\.test$/m);
    // Quoted-printable folds long lines with a trailing "=" and writes "=" itself as "=3D".
    expect(eml.replace(/=\r?\n/g, '')).toContain(`#/reset/master%40demo.test?token=3D${token}`);

    const [row] = await app.outbox(MASTER);
    expect(row!.status).toBe('sent');
    expect(await rawRows(app, MASTER)).not.toContain(token);
  });

  it('answers 404 at the development outbox (only the operator reads the drop)', async () => {
    const res = await app.request({ method: 'GET', url: '/api/devoutbox', as: MASTER });
    expect(res.statusCode).toBe(404);
  });
});
