import {
  type ConnectionInfo,
  EMAIL_TYPE,
  EMAIL_TYPES,
  type EmailDefinition,
  type EmailTypeOption,
  MSG,
  type OutboxMail,
} from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailTemplates, smtpConnections, users } from '../../db/schema/index.js';
import { SecretBox } from '../../platform/crypto.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { deliverPendingMail } from '../../platform/mail-delivery.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADMIN = 'admin@demo.test'; // center 1
const ADMIN85 = 'admin85@demo.test'; // center 85
const MASTER = 'master@demo.test';

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });
const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const lastAudit = async (action: string) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

const template = (over: Record<string, unknown> = {}) => ({
  emailTypeId: EMAIL_TYPE.INVITE_DONOR,
  subject: 'Join {organization}',
  definition: '<p>Hello {recipient}, apply here: {link}</p>',
  signature: 'Warmly,<br>{organization}',
  ...over,
});

const connection = (over: Record<string, unknown> = {}) => ({
  host: 'smtp.example.test',
  port: 587,
  secure: false,
  username: 'mailer',
  password: 'S3cret-pass',
  fromEmail: 'donors@example.test',
  fromName: 'Main Agency',
  ...over,
});

/** Adds a template directly, for tests that need one of another center. */
async function seedTemplate(centerId: number, emailTypeId: number) {
  const [row] = await t.db
    .insert(emailTemplates)
    .values({
      centerId,
      emailTypeId,
      subject: 'S {organization}',
      definition: '{recipient}',
      signature: '{organization}',
    })
    .returning();
  return row!;
}

describe('access', () => {
  const calls: [string, string, Record<string, unknown> | undefined][] = [
    ['GET', '/api/getemailtypes', undefined],
    ['POST', '/api/getdefaultemaildefinition', { email_type: 1 }],
    ['POST', '/api/getemaildefinition', { email_type: 1 }],
    ['POST', '/api/addemailtemplate', template()],
    ['POST', '/api/updateemaildefinition', { id: 1, ...template() }],
    ['POST', '/api/deleteemaildefinition', { id: 1 }],
    ['POST', '/api/gettestconnection', {}],
    ['POST', '/api/updatetestconnection', connection()],
    ['POST', '/api/testconnection', connection()],
    ['GET', '/api/devoutbox', undefined],
  ];

  it('answers 401 to anonymous callers of every route', async () => {
    for (const [method, url, payload] of calls) {
      const res = await t.request({ method: method as 'GET', url, payload });
      expect(res.statusCode, url).toBe(401);
      expect(body(res).message).toBe(MSG.NO_TOKEN);
    }
  });

  it('answers 403 to managers, clients and donors on every route', async () => {
    for (const as of ['manager@demo.test', 'parent@demo.test', 'donor@demo.test']) {
      for (const [method, url, payload] of calls) {
        const res = await t.request({ method: method as 'GET', url, payload, as });
        expect(res.statusCode, `${url} as ${as}`).toBe(403);
        expect(body(res).message).toBe(MSG.UNAUTHORIZED);
      }
    }
  });

  it('lets agency admins and the master admin call every route', async () => {
    for (const as of [ADMIN, MASTER]) {
      for (const [method, url, payload] of calls) {
        const res = await t.request({ method: method as 'GET', url, payload, as });
        expect([401, 403], `${url} as ${as}`).not.toContain(res.statusCode);
      }
    }
  });
});

describe('e-mail types and definitions', () => {
  it('lists the e-mail types with their placeholders', async () => {
    const res = await get('/api/getemailtypes', ADMIN);
    expect(res.statusCode).toBe(200);
    const types = body<EmailTypeOption[]>(res).data;
    expect(types.map((type) => type.id)).toEqual(EMAIL_TYPES.map((type) => type.id));
    expect(types[0]).toEqual({
      id: EMAIL_TYPES[0]!.id,
      title: EMAIL_TYPES[0]!.title,
      placeholders: EMAIL_TYPES[0]!.placeholders,
    });
  });

  it('answers the default wording of a type', async () => {
    const res = await post(
      '/api/getdefaultemaildefinition',
      { email_type: EMAIL_TYPE.RESET_PASSWORD },
      ADMIN,
    );
    expect(res.statusCode).toBe(200);
    const def = EMAIL_TYPES.find((type) => type.id === EMAIL_TYPE.RESET_PASSWORD)!;
    expect(body<EmailDefinition>(res).data).toEqual({
      id: null,
      centerId: 1,
      emailTypeId: def.id,
      title: def.title,
      subject: def.subject,
      definition: def.definition,
      signature: def.signature,
      placeholders: def.placeholders,
      exist: false,
      updatedAt: null,
    });
  });

  it('lets an admin name their own center but answers 404 for another or an unknown type', async () => {
    const own = await post('/api/getemaildefinition?center_id=1', { email_type: 1 }, ADMIN);
    expect(own.statusCode).toBe(200);
    for (const url of [
      '/api/getemaildefinition?center_id=85',
      '/api/getdefaultemaildefinition?center_id=85',
    ]) {
      const other = await post(url, { email_type: 1 }, ADMIN);
      expect(other.statusCode, url).toBe(404);
    }
    const unknown = await post('/api/getemaildefinition', { email_type: 999 }, ADMIN);
    expect(unknown.statusCode).toBe(404);
  });

  it('makes the master admin choose an agency, any existing one', async () => {
    const none = await post('/api/getemaildefinition', { email_type: 1 }, MASTER);
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe(MSG.CENTER_REQUIRED);
    const missing = await post('/api/getemaildefinition?center_id=9999', { email_type: 1 }, MASTER);
    expect(missing.statusCode).toBe(404);
    const other = await post('/api/getemaildefinition?center_id=85', { email_type: 1 }, MASTER);
    expect(other.statusCode).toBe(200);
    expect(body<EmailDefinition>(other).data.centerId).toBe(85);
  });

  it('answers 400 without an e-mail type', async () => {
    const res = await post('/api/getemaildefinition', {}, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.MANDATORY_TEMPLATE);
  });
});

describe('template validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no subject', { subject: undefined }, MSG.MANDATORY_TEMPLATE],
    ['blank subject', { subject: '   ' }, MSG.MANDATORY_TEMPLATE],
    ['no definition', { definition: undefined }, MSG.MANDATORY_TEMPLATE],
    ['no e-mail type', { emailTypeId: undefined }, MSG.MANDATORY_TEMPLATE],
    ['subject over 150', { subject: 'x'.repeat(151) }, MSG.SUBJECT_TOO_LONG],
    ['definition without {recipient}', { definition: '<p>Hello</p>' }, MSG.DEFINITION_PLACEHOLDER],
    [
      'signature with {organization} twice',
      { signature: '{organization} {organization}' },
      MSG.SIGNATURE_PLACEHOLDER,
    ],
    [
      'signature with another placeholder',
      { signature: '{organization} {sender}' },
      MSG.SIGNATURE_PLACEHOLDER,
    ],
    ['signature without a placeholder', { signature: 'Regards' }, MSG.SIGNATURE_PLACEHOLDER],
    [
      'placeholder the type does not offer',
      { definition: '{recipient} {ssn}' },
      `${MSG.UNKNOWN_PLACEHOLDERS} {ssn}`,
    ],
  ];

  it.each(cases)('add: %s answers 400 with the message', async (_label, over, message) => {
    const res = await post('/api/addemailtemplate', template(over), ADMIN);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
  });

  it('accepts exactly 150 characters of subject', async () => {
    const res = await post(
      '/api/addemailtemplate',
      template({ emailTypeId: EMAIL_TYPE.DONOR_FIRST_REMINDER, subject: 's'.repeat(150) }),
      ADMIN,
    );
    expect(res.statusCode).toBe(200);
    await post('/api/deleteemaildefinition', { id: body<EmailDefinition>(res).data.id }, ADMIN);
  });

  it('update: the same rules apply', async () => {
    const row = await seedTemplate(1, EMAIL_TYPE.DONOR_RECURRING_REMINDER);
    for (const [label, over, message] of cases.filter(([label]) => !label.includes('e-mail type'))) {
      const { emailTypeId: _ignored, ...wording } = template(over);
      const res = await post('/api/updateemaildefinition', { id: row.id, ...wording }, ADMIN);
      expect(res.statusCode, label).toBe(400);
      expect(body(res).message, label).toBe(message);
    }
    await t.db.delete(emailTemplates).where(eq(emailTemplates.id, row.id));
  });
});

describe('template lifecycle', () => {
  it('adds, reads, refuses a second, updates and deletes; the default comes back', async () => {
    const adminId = await idOf(ADMIN);
    const added = await post('/api/addemailtemplate', template(), ADMIN);
    expect(added.statusCode).toBe(200);
    expect(body(added).message).toBe(MSG.CHANGES_SAVED);
    const saved = body<EmailDefinition>(added).data;
    expect(saved).toMatchObject({ centerId: 1, emailTypeId: EMAIL_TYPE.INVITE_DONOR, exist: true });
    expect(saved.id).toBeGreaterThan(0);
    const [row] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, saved.id!));
    expect(row).toMatchObject({ updatedBy: adminId, subject: 'Join {organization}' });
    expect(await lastAudit('email_template_added')).toMatchObject({
      actorUserId: adminId,
      entityId: String(saved.id),
      centerId: 1,
    });

    const read = await post('/api/getemaildefinition', { email_type: EMAIL_TYPE.INVITE_DONOR }, ADMIN);
    expect(body<EmailDefinition>(read).data).toMatchObject({
      id: saved.id,
      exist: true,
      subject: 'Join {organization}',
      signature: 'Warmly,<br>{organization}',
    });
    // The default is still available beside the saved one.
    const def = await post('/api/getdefaultemaildefinition', { email_type: EMAIL_TYPE.INVITE_DONOR }, ADMIN);
    expect(body<EmailDefinition>(def).data.exist).toBe(false);

    const again = await post('/api/addemailtemplate', template({ centerId: 1 }), ADMIN);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(MSG.TEMPLATE_EXISTS);

    // Saved wording is what the agency's mail uses.
    await queueTemplatedMail(t.db, t.secrets, {
      centerId: 1,
      emailTypeId: EMAIL_TYPE.INVITE_DONOR,
      to: 'someone@example.test',
      vars: { recipient: 'Sam', link: 'https://x.test/l' },
    });
    expect((await t.outbox('someone@example.test')).at(-1)!.subject).toBe('Join Main Agency');

    t.clock.advance(1000);
    const updated = await post(
      '/api/updateemaildefinition',
      { id: saved.id, subject: 'New subject', definition: 'Hi {recipient}', signature: '{organization}' },
      ADMIN,
    );
    expect(updated.statusCode).toBe(200);
    expect(body<EmailDefinition>(updated).data).toMatchObject({ subject: 'New subject', exist: true });
    expect(new Date(body<EmailDefinition>(updated).data.updatedAt!).getTime()).toBeGreaterThan(
      new Date(saved.updatedAt!).getTime(),
    );
    expect(await lastAudit('email_template_updated')).toMatchObject({ entityId: String(saved.id) });

    const deleted = await post('/api/deleteemaildefinition', { id: saved.id }, ADMIN);
    expect(deleted.statusCode).toBe(200);
    expect(body(deleted).message).toBe(MSG.TEMPLATE_DELETED);
    expect(await lastAudit('email_template_deleted')).toMatchObject({ entityId: String(saved.id) });
    const back = await post('/api/getemaildefinition', { email_type: EMAIL_TYPE.INVITE_DONOR }, ADMIN);
    const defaults = EMAIL_TYPES.find((type) => type.id === EMAIL_TYPE.INVITE_DONOR)!;
    expect(body<EmailDefinition>(back).data).toMatchObject({
      id: null,
      exist: false,
      subject: defaults.subject,
      definition: defaults.definition,
    });
    const twice = await post('/api/deleteemaildefinition', { id: saved.id }, ADMIN);
    expect(twice.statusCode).toBe(404);
  });

  it("answers 404 for another center's template on update, delete and add", async () => {
    const other = await seedTemplate(85, EMAIL_TYPE.REGISTRATION_WELCOME);
    const update = await post(
      '/api/updateemaildefinition',
      { id: other.id, subject: 'x', definition: '{recipient}', signature: '{organization}' },
      ADMIN,
    );
    expect(update.statusCode).toBe(404);
    const del = await post('/api/deleteemaildefinition', { id: other.id }, ADMIN);
    expect(del.statusCode).toBe(404);
    const add = await post('/api/addemailtemplate', template({ centerId: 85 }), ADMIN);
    expect(add.statusCode).toBe(404);
    // Untouched; its own admin may change it.
    const own = await post(
      '/api/updateemaildefinition',
      { id: other.id, subject: 'Mine', definition: '{recipient}', signature: '{organization}' },
      ADMIN85,
    );
    expect(own.statusCode).toBe(200);
    const read85 = await post(
      '/api/getemaildefinition',
      { email_type: EMAIL_TYPE.REGISTRATION_WELCOME },
      ADMIN85,
    );
    expect(body<EmailDefinition>(read85).data).toMatchObject({ id: other.id, subject: 'Mine' });
    const read1 = await post(
      '/api/getemaildefinition',
      { email_type: EMAIL_TYPE.REGISTRATION_WELCOME },
      ADMIN,
    );
    expect(body<EmailDefinition>(read1).data.exist).toBe(false);
  });

  it('lets the master admin add a template for a chosen agency', async () => {
    const noCenter = await post('/api/addemailtemplate', template(), MASTER);
    expect(noCenter.statusCode).toBe(400);
    expect(body(noCenter).message).toBe(MSG.CENTER_REQUIRED);
    const res = await post('/api/addemailtemplate', template({ centerId: 85 }), MASTER);
    expect(res.statusCode).toBe(200);
    expect(body<EmailDefinition>(res).data.centerId).toBe(85);
    const del = await post('/api/deleteemaildefinition', { id: body<EmailDefinition>(res).data.id }, MASTER);
    expect(del.statusCode).toBe(200);
  });
});

describe('connection information', () => {
  it('is null until saved, then saved with the password encrypted and never answered', async () => {
    // The access sweep above already saved center 1's; center 46 has none.
    const before = await post('/api/gettestconnection', {}, 'admin46@demo.test');
    expect(before.statusCode).toBe(200);
    expect(body(before).data).toBeNull();
    await t.db.delete(smtpConnections).where(eq(smtpConnections.centerId, 1));

    const saved = await post('/api/updatetestconnection', connection(), ADMIN);
    expect(saved.statusCode).toBe(200);
    expect(body(saved).message).toBe(MSG.CONNECTION_SAVED);
    expect(saved.body).not.toContain('S3cret-pass');
    expect(body<ConnectionInfo>(saved).data).toMatchObject({
      centerId: 1,
      host: 'smtp.example.test',
      port: 587,
      secure: false,
      username: 'mailer',
      hasPassword: true,
      fromEmail: 'donors@example.test',
      fromName: 'Main Agency',
    });
    const [row] = await t.db.select().from(smtpConnections).where(eq(smtpConnections.centerId, 1));
    expect(row!.passwordEncrypted).not.toContain('S3cret-pass');
    expect(row!.passwordEncrypted).toMatch(/^v1:/);
    expect(row!.updatedBy).toBe(await idOf(ADMIN));
    const audited = await lastAudit('smtp_connection_added');
    expect(audited).toMatchObject({ entityId: '1', centerId: 1 });
    expect(JSON.stringify(audited!.details)).not.toContain('S3cret-pass');

    const read = await post('/api/gettestconnection', { center_id: 1 }, ADMIN);
    expect(read.body).not.toContain('S3cret-pass');
    expect(body<ConnectionInfo>(read).data).toMatchObject({ host: 'smtp.example.test', hasPassword: true });
  });

  it('keeps the stored password when the password is left blank for the same host and user', async () => {
    const [before] = await t.db.select().from(smtpConnections).where(eq(smtpConnections.centerId, 1));
    const res = await post('/api/updatetestconnection', connection({ password: '', port: 2525 }), ADMIN);
    expect(res.statusCode).toBe(200);
    const [after] = await t.db.select().from(smtpConnections).where(eq(smtpConnections.centerId, 1));
    expect(after!.passwordEncrypted).toBe(before!.passwordEncrypted);
    expect(after!.port).toBe(2525);
    expect(await lastAudit('smtp_connection_updated')).toBeDefined();
  });

  it('does not carry the stored password over to another host', async () => {
    const res = await post(
      '/api/updatetestconnection',
      connection({ password: '', host: 'evil.example.test' }),
      ADMIN,
    );
    expect(body<ConnectionInfo>(res).data.hasPassword).toBe(false);
    await post('/api/updatetestconnection', connection(), ADMIN);
  });

  it('answers 400 with a message naming the field', async () => {
    const noHost = await post('/api/updatetestconnection', connection({ host: '' }), ADMIN);
    expect(noHost.statusCode).toBe(400);
    expect(body(noHost).message).toBe('Please enter Host');
    const badFrom = await post('/api/updatetestconnection', connection({ fromEmail: 'nope' }), ADMIN);
    expect(body(badFrom).message).toBe(MSG.INVALID_EMAIL);
    const badPort = await post('/api/testconnection', connection({ port: 70000 }), ADMIN);
    expect(badPort.statusCode).toBe(400);
    expect(body(badPort).message).toMatch(/^Port /);
  });

  it("answers 404 for another center's connection; the master admin picks any", async () => {
    for (const url of ['/api/gettestconnection', '/api/updatetestconnection', '/api/testconnection']) {
      const res = await post(url, { ...connection(), centerId: 85, center_id: 85 }, ADMIN);
      expect(res.statusCode, url).toBe(404);
    }
    const master = await post('/api/updatetestconnection', connection({ centerId: 85 }), MASTER);
    expect(master.statusCode).toBe(200);
    expect(body<ConnectionInfo>(master).data.centerId).toBe(85);
    const read = await post('/api/gettestconnection', {}, ADMIN85);
    expect(body<ConnectionInfo>(read).data).toMatchObject({ centerId: 85, host: 'smtp.example.test' });
    const needsCenter = await post('/api/gettestconnection', {}, MASTER);
    expect(body(needsCenter).message).toBe(MSG.CENTER_REQUIRED);
  });

  it('tests the connection through the mail transport (the fake one accepts)', async () => {
    const res = await post('/api/testconnection', connection({ password: '' }), ADMIN);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.CONNECTION_OK);
    expect(await lastAudit('smtp_connection_tested')).toMatchObject({ centerId: 1 });
  });
});

describe('development outbox', () => {
  it("shows the caller's agency's mail, the master's of every agency", async () => {
    await queueTemplatedMail(t.db, t.secrets, {
      centerId: 85,
      emailTypeId: EMAIL_TYPE.RESET_PASSWORD,
      to: 'someone85@example.test',
      vars: { recipient: 'R', link: 'https://x.test' },
    });
    await queueTemplatedMail(t.db, t.secrets, {
      centerId: 1,
      emailTypeId: EMAIL_TYPE.RESET_PASSWORD,
      to: 'someone1@example.test',
      vars: { recipient: 'R', link: 'https://x.test' },
    });
    const admin = body<OutboxMail[]>(await get('/api/devoutbox', ADMIN)).data;
    expect(admin.map((m) => m.toAddress)).toContain('someone1@example.test');
    expect(admin.map((m) => m.toAddress)).not.toContain('someone85@example.test');
    const master = body<OutboxMail[]>(await get('/api/devoutbox', MASTER)).data;
    expect(master.map((m) => m.toAddress)).toEqual(
      expect.arrayContaining(['someone1@example.test', 'someone85@example.test']),
    );
    const masterOne = body<OutboxMail[]>(await get('/api/devoutbox?center_id=85', MASTER)).data;
    expect(masterOne.every((m) => m.toAddress !== 'someone1@example.test')).toBe(true);
    expect((await get('/api/devoutbox?center_id=85', ADMIN)).statusCode).toBe(404);
    expect(await lastAudit('outbox_viewed')).toBeDefined();
  });

  it('marks pending mail captured with the outbox transport', async () => {
    const result = await deliverPendingMail({
      db: t.db,
      config: t.config,
      secrets: new SecretBox(t.config.appSecret),
      mailTransport: () => {
        throw new Error('the outbox transport sends nothing');
      },
      clock: t.clock,
    });
    expect(result.captured).toBeGreaterThan(0);
    const rows = await t.outbox('someone1@example.test');
    expect(rows.at(-1)!.status).toBe('captured');
    expect((await get('/api/devoutbox', ADMIN)).statusCode).toBe(200);
  });

  it('does not exist when real mail is sent', async () => {
    const smtp = await startTestApp({ mailTransport: 'smtp' });
    try {
      const res = await smtp.request({ method: 'GET', url: '/api/devoutbox', as: ADMIN });
      expect(res.statusCode).toBe(404);
      expect(body(res).message).toBe(MSG.OUTBOX_DISABLED);
    } finally {
      await smtp.close();
    }
  });
});

it('never stores a template row without who and when', async () => {
  const rows = await t.db
    .select()
    .from(emailTemplates)
    .where(
      and(eq(emailTemplates.centerId, 85), eq(emailTemplates.emailTypeId, EMAIL_TYPE.REGISTRATION_WELCOME)),
    );
  expect(rows[0]!.updatedBy).toBe(await idOf(ADMIN85));
});
