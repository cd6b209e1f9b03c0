import {
  type AddEmailTemplateBody,
  type ConnectionInfo,
  type EmailDefinition,
  type EmailTypeOption,
  MSG,
  type OutboxMail,
  ROLE,
  type SmtpConnectionSaveBody,
  type UpdateEmailTemplateBody,
  unofferedPlaceholderMessage,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import { type Auth, assertCenter } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { openMail } from '../../platform/mail.js';
import {
  describeSmtpError,
  findSmtpConnection,
  type SmtpConnectionRow,
  smtpOptionsOf,
} from '../../platform/mail-delivery.js';
import type { SmtpOptions } from '../../platform/mail-transport.js';
import { findUserWithCenter } from '../auth/auth.repo.js';
import { centerInScope } from '../centers/centers.service.js';
import {
  deleteTemplate,
  type EmailTemplateRow,
  type EmailTypeRow,
  findEmailType,
  findTemplate,
  findTemplateForUpdate,
  insertTemplate,
  listEmailTypes,
  listOutbox,
  updateTemplate,
  upsertConnection,
} from './email-templates.repo.js';

export type EmailTemplateDeps = Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'secrets' | 'mailTransport'>;

/** How many outbox rows the development outbox shows. */
const OUTBOX_PAGE = 100;

/**
 * The agency a request acts on: the master admin must name one that exists; an agency admin
 * acts on their own, and naming another answers 404 like any other center's object.
 */
async function agencyOf(db: Db, auth: Auth, centerId: number | undefined): Promise<number> {
  const scope = await centerInScope(db, auth, centerId ?? null);
  if (scope === null) throw badRequest(MSG.CENTER_REQUIRED);
  return scope;
}

async function emailTypeOf(db: Db, id: number): Promise<EmailTypeRow> {
  const type = await findEmailType(db, id);
  if (!type) throw notFound();
  return type;
}

function definitionOf(
  type: EmailTypeRow,
  centerId: number,
  saved: EmailTemplateRow | undefined,
): EmailDefinition {
  return {
    id: saved?.id ?? null,
    centerId,
    emailTypeId: type.id,
    title: type.title,
    subject: saved?.subject ?? type.defaultSubject,
    definition: saved?.definition ?? type.defaultDefinition,
    signature: saved?.signature ?? type.defaultSignature,
    placeholders: type.placeholders,
    exist: saved !== undefined,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
  };
}

/** Placeholders the type does not offer would reach the recipient unfilled. */
function assertOffered(
  type: EmailTypeRow,
  wording: { subject: string; definition: string; signature: string },
) {
  const message = unofferedPlaceholderMessage(wording, type.placeholders);
  if (message) throw badRequest(message);
}

/** GET /getemailtypes */
export async function emailTypeOptions(deps: EmailTemplateDeps): Promise<EmailTypeOption[]> {
  const rows = await listEmailTypes(deps.db);
  return rows.map((row) => ({ id: row.id, title: row.title, placeholders: row.placeholders }));
}

/** POST /getemaildefinition (saved or default) and /getdefaultemaildefinition (default only). */
export async function emailDefinition(
  deps: EmailTemplateDeps,
  auth: Auth,
  input: { centerId: number | undefined; emailTypeId: number; defaultOnly: boolean },
): Promise<EmailDefinition> {
  const centerId = await agencyOf(deps.db, auth, input.centerId);
  const type = await emailTypeOf(deps.db, input.emailTypeId);
  const saved = input.defaultOnly ? undefined : await findTemplate(deps.db, centerId, type.id);
  return definitionOf(type, centerId, saved);
}

/** POST /addemailtemplate: an agency has at most one template per e-mail type. */
export async function addEmailTemplate(
  deps: EmailTemplateDeps,
  auth: Auth,
  body: AddEmailTemplateBody,
  ip: string,
): Promise<EmailDefinition> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const centerId = await agencyOf(tx, auth, body.centerId);
      const type = await emailTypeOf(tx, body.emailTypeId);
      assertOffered(type, body);
      if (await findTemplate(tx, centerId, type.id)) throw conflict(MSG.TEMPLATE_EXISTS);
      const saved = await insertTemplate(tx, {
        centerId,
        emailTypeId: type.id,
        subject: body.subject,
        definition: body.definition,
        signature: body.signature,
        updatedBy: auth.userId,
        updatedAt: now,
      });
      await audit(
        tx,
        auth,
        {
          action: 'email_template_added',
          entityType: 'email_template',
          entityId: saved.id,
          centerId,
          details: { emailTypeId: type.id },
        },
        ip,
      );
      return definitionOf(type, centerId, saved);
    });
  } catch (error) {
    // Two admins adding the same type at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(MSG.TEMPLATE_EXISTS);
    throw error;
  }
}

/** POST /updateemaildefinition */
export async function updateEmailTemplate(
  deps: EmailTemplateDeps,
  auth: Auth,
  body: UpdateEmailTemplateBody,
  ip: string,
): Promise<EmailDefinition> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await findTemplateForUpdate(tx, body.id);
    if (!current) throw notFound();
    assertCenter(auth, current.centerId);
    const type = await emailTypeOf(tx, current.emailTypeId);
    assertOffered(type, body);
    const saved = await updateTemplate(tx, current.id, {
      subject: body.subject,
      definition: body.definition,
      signature: body.signature,
      updatedBy: auth.userId,
      updatedAt: now,
    });
    await audit(
      tx,
      auth,
      {
        action: 'email_template_updated',
        entityType: 'email_template',
        entityId: saved.id,
        centerId: saved.centerId,
        details: { emailTypeId: type.id },
      },
      ip,
    );
    return definitionOf(type, saved.centerId, saved);
  });
}

/** POST /deleteemaildefinition: the type's default wording applies again. */
export async function deleteEmailTemplate(deps: EmailTemplateDeps, auth: Auth, id: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const current = await findTemplateForUpdate(tx, id);
    if (!current) throw notFound();
    assertCenter(auth, current.centerId);
    await deleteTemplate(tx, current.id);
    await audit(
      tx,
      auth,
      {
        action: 'email_template_deleted',
        entityType: 'email_template',
        entityId: current.id,
        centerId: current.centerId,
        details: { emailTypeId: current.emailTypeId },
      },
      ip,
    );
  });
}

function connectionInfoOf(row: SmtpConnectionRow): ConnectionInfo {
  return {
    centerId: row.centerId,
    host: row.host,
    port: row.port,
    secure: row.secure === 1,
    username: row.username,
    hasPassword: row.passwordEncrypted !== '',
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A blank password means "keep the stored one", but only for the same host and username:
 * otherwise anyone who may edit the form could send the stored password to a server of
 * their choosing.
 */
function keepsStoredPassword(stored: SmtpConnectionRow | undefined, body: SmtpConnectionSaveBody): boolean {
  return (
    body.password === '' &&
    stored !== undefined &&
    stored.passwordEncrypted !== '' &&
    stored.host.toLowerCase() === body.host.toLowerCase() &&
    stored.username === body.username
  );
}

/** POST /gettestconnection: null when the agency has not saved a connection. */
export async function connectionInfo(
  deps: EmailTemplateDeps,
  auth: Auth,
  centerId: number | undefined,
): Promise<ConnectionInfo | null> {
  const agency = await agencyOf(deps.db, auth, centerId);
  const row = await findSmtpConnection(deps.db, agency);
  return row ? connectionInfoOf(row) : null;
}

/** POST /updatetestconnection: the password is stored encrypted. */
export async function saveConnection(
  deps: EmailTemplateDeps,
  auth: Auth,
  body: SmtpConnectionSaveBody,
  ip: string,
): Promise<ConnectionInfo> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const centerId = await agencyOf(tx, auth, body.centerId);
    const stored = await findSmtpConnection(tx, centerId);
    const keep = keepsStoredPassword(stored, body);
    const row = await upsertConnection(tx, {
      centerId,
      host: body.host,
      port: body.port,
      secure: body.secure ? 1 : 0,
      username: body.username,
      passwordEncrypted: keep
        ? stored!.passwordEncrypted
        : body.password
          ? deps.secrets.seal(body.password)
          : '',
      fromEmail: body.fromEmail,
      fromName: body.fromName,
      updatedBy: auth.userId,
      updatedAt: now,
    });
    await audit(
      tx,
      auth,
      {
        action: stored ? 'smtp_connection_updated' : 'smtp_connection_added',
        entityType: 'smtp_connection',
        entityId: centerId,
        centerId,
        // Which fields, never the password itself.
        details: {
          host: body.host,
          port: body.port,
          secure: body.secure,
          passwordChanged: !keep && (body.password !== '' || (stored?.passwordEncrypted ?? '') !== ''),
        },
      },
      ip,
    );
    return connectionInfoOf(row);
  });
}

/**
 * POST /testconnection: connects and authenticates with the form's values (a blank password
 * uses the stored one, as saving would) without sending anything.
 */
export async function testConnection(
  deps: EmailTemplateDeps,
  auth: Auth,
  body: SmtpConnectionSaveBody,
  ip: string,
): Promise<void> {
  const centerId = await agencyOf(deps.db, auth, body.centerId);
  const stored = await findSmtpConnection(deps.db, centerId);
  let password = body.password;
  if (keepsStoredPassword(stored, body)) {
    try {
      password = smtpOptionsOf(stored!, deps.secrets).password;
    } catch {
      throw badRequest(
        `${MSG.CONNECTION_FAILED} the stored password could not be read; please enter it again.`,
      );
    }
  }
  const options: SmtpOptions = {
    host: body.host,
    port: body.port,
    secure: body.secure,
    username: body.username,
    password,
  };
  let failure: string | null = null;
  const transport = deps.mailTransport(options);
  try {
    await transport.verify();
  } catch (error) {
    failure = describeSmtpError(error, options);
  } finally {
    transport.close();
  }
  await audit(
    deps.db,
    auth,
    {
      action: 'smtp_connection_tested',
      entityType: 'smtp_connection',
      entityId: centerId,
      centerId,
      details: { host: body.host, port: body.port, ok: failure === null },
    },
    ip,
  );
  if (failure !== null) throw badRequest(`${MSG.CONNECTION_FAILED} ${failure}`);
}

/**
 * GET /devoutbox (development only): the captured mail of the outbox transport, for the
 * caller's agency (the master admin sees every agency's, or the one named). Mail carries links
 * that sign its recipient in, so only the recipient sees a mail's subject and body; everyone
 * else sees that it was sent, to whom and when (decision 009). Reading it is audited.
 */
export async function devOutbox(
  deps: EmailTemplateDeps,
  auth: Auth,
  centerId: number | undefined,
  ip: string,
): Promise<OutboxMail[]> {
  if (deps.config.mailTransport !== 'outbox') throw notFound(MSG.OUTBOX_DISABLED);
  const scope =
    auth.role === ROLE.MASTER && centerId === undefined ? null : await agencyOf(deps.db, auth, centerId);
  const rows = await listOutbox(deps.db, scope, OUTBOX_PAGE);
  // A master admin switched into an account acts for it, but is not its recipient.
  const me =
    auth.switchedFromUserId === null
      ? (await findUserWithCenter(deps.db, auth.userId))?.user.username
      : undefined;
  await audit(deps.db, auth, { action: 'outbox_viewed', entityType: 'mail_outbox', centerId: scope }, ip);
  return rows.map((row) => {
    const mine = me !== undefined && row.toAddress.toLowerCase() === me.toLowerCase();
    const content = mine ? openMail(deps.secrets, row.sealedContent) : null;
    return {
      id: row.id,
      toAddress: row.toAddress,
      subject: content?.subject ?? MSG.OUTBOX_NOT_YOURS,
      html: content?.html ?? `<p>${MSG.OUTBOX_NOT_YOURS}</p>`,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
