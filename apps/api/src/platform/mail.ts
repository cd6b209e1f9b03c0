import { EMAIL_TYPE } from '@dm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { compile, type HtmlToTextOptions } from 'html-to-text';
import { centers, emailTemplates, emailTypes, mailOutbox, userProfiles, users } from '../db/schema/index.js';
import type { SecretBox } from './crypto.js';
import type { Db } from './db.js';
import { notFound } from './errors.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /**
   * The recipient's account when the address is one: the delivery adds the unsubscribe link
   * (page and signed one-click, RFC 8058) for it.
   */
  unsubscribe?: MailUnsubscribe;
  /** Files sent with the mail (a calendar invitation), sealed with the rest. */
  attachments?: MailAttachment[];
}

/** A small text attachment (an .ics invitation): its name, MIME type and content. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailUnsubscribe {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
}

/**
 * Where the unsubscribe address goes in a queued mail: the delivery replaces it with the full
 * link (it knows PUBLIC_URL). Templates may place it with {unsubscribe}; every mail to an
 * account also ends with an unsubscribe line.
 */
export const UNSUBSCRIBE_MARK = '%UNSUBSCRIBE_URL%';

/**
 * The e-mail types that are notifications (favourites and notes, portfolio shared and updated,
 * donor shared, match events, chat messages): a user who turned notification e-mails off does
 * not get them. Account mail (password reset, invitations, welcome) always goes.
 */
export const NOTIFICATION_EMAIL_TYPES: ReadonlySet<number> = new Set([
  EMAIL_TYPE.SHARE_DONOR,
  EMAIL_TYPE.SHARE_PORTFOLIO_CLIENT,
  EMAIL_TYPE.SHARE_PORTFOLIO_MANAGER,
  EMAIL_TYPE.PORTFOLIO_UPDATED,
  EMAIL_TYPE.MATCH_REQUESTED,
  EMAIL_TYPE.MATCH_STATUS_CHANGED,
  EMAIL_TYPE.MATCH_CANCELLED,
  EMAIL_TYPE.FAVORITE_NOTES_NOTIFICATION,
  EMAIL_TYPE.CHAT_MESSAGE,
  EMAIL_TYPE.SAVED_SEARCH_ALERT,
  EMAIL_TYPE.DONOR_AVAILABLE_AGAIN,
]);

/** HTML text of a value (the placeholders' escaping, for markup a caller builds). */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * Fills {name} placeholders; values are HTML-escaped, unknown placeholders stay visible.
 * `markup`: placeholders filled with HTML the caller built and escaped itself (a digest's list of
 * links), put in as it is in HTML and as its text elsewhere.
 */
export function fillPlaceholders(
  template: string,
  vars: Record<string, string>,
  html: boolean,
  markup: Record<string, string> = {},
): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    const fragment = markup[name];
    if (fragment !== undefined) return html ? fragment : htmlToText(fragment);
    const value = vars[name];
    if (value === undefined) return whole;
    return html ? escapeHtml(value) : value;
  });
}

/**
 * The text part of a mail (html-to-text): paragraphs and line breaks kept, lists bulleted, a
 * link as its address (text [address] when they differ), no wrapping (the mail client wraps),
 * images left out (their address is no use in text).
 */
const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** TEXT_OPTIONS compiled once: `convert` compiles them on every call (388 -> 27 µs a mail). */
let toText: ((html: string) => string) | null = null;

export function htmlToText(html: string): string {
  toText ??= compile(TEXT_OPTIONS);
  return toText(html);
}

/**
 * Renders an e-mail from the center's saved template for the type, or the type's default.
 * {organization} is always the center's agency name.
 */
export async function renderTemplate(
  db: Db,
  input: {
    centerId: number;
    emailTypeId: number;
    vars: Record<string, string>;
    subject?: string;
    markup?: Record<string, string>;
  },
): Promise<RenderedMail> {
  const [type] = await db.select().from(emailTypes).where(eq(emailTypes.id, input.emailTypeId)).limit(1);
  if (!type) throw notFound('Unknown e-mail type.');
  const [center] = await db
    .select({ agencyName: centers.agencyName })
    .from(centers)
    .where(eq(centers.id, input.centerId));
  const [saved] = await db
    .select()
    .from(emailTemplates)
    .where(
      and(eq(emailTemplates.centerId, input.centerId), eq(emailTemplates.emailTypeId, input.emailTypeId)),
    )
    .limit(1);
  const vars = { organization: center?.agencyName ?? '', ...input.vars };
  const subject = fillPlaceholders(
    input.subject ?? saved?.subject ?? type.defaultSubject,
    vars,
    false,
    input.markup,
  );
  const body = `${saved?.definition ?? type.defaultDefinition}<p>${saved?.signature ?? type.defaultSignature}</p>`;
  const html = fillPlaceholders(body, vars, true, input.markup);
  return { subject, html, text: htmlToText(html) };
}

/** The sealed form of a rendered mail, as mail_outbox keeps it. */
export function sealMail(secrets: SecretBox, mail: RenderedMail): string {
  return secrets.seal(
    JSON.stringify({
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      unsubscribe: mail.unsubscribe,
      attachments: mail.attachments,
    }),
  );
}

/** The rendered mail of an outbox row; null once it was delivered (or failed) and cleared. */
export function openMail(secrets: SecretBox, sealedContent: string | null): RenderedMail | null {
  if (sealedContent === null) return null;
  const { subject, html, text, unsubscribe, attachments } = JSON.parse(
    secrets.open(sealedContent),
  ) as RenderedMail;
  return {
    subject,
    html,
    text,
    ...(unsubscribe ? { unsubscribe } : {}),
    ...(attachments?.length ? { attachments } : {}),
  };
}

/**
 * Renders and queues an e-mail in the caller's transaction. The mail job delivers it after
 * commit, so a rolled-back change never sends and a failed send is retried. The rendered mail
 * carries links that sign its recipient in, so it is stored sealed (decision 009).
 */
export async function queueTemplatedMail(
  db: Db,
  secrets: SecretBox,
  input: {
    centerId: number;
    emailTypeId: number;
    to: string;
    vars: Record<string, string>;
    /** Placeholders filled with HTML the caller built and escaped (fillPlaceholders). */
    markup?: Record<string, string>;
    /** Files sent with this mail (not with a CC copy): a calendar invitation. */
    attachments?: MailAttachment[];
  },
): Promise<number> {
  const [account] = await db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      emailNotifications: users.emailNotifications,
      // The CC address that gets a copy of the notification e-mails until its expiry date (the
      // profile's communication preferences); '' when none or expired.
      ccEmail: sql<string>`case when ${userProfiles.ccExpiryDate} >= current_date then ${userProfiles.ccEmail} else '' end`,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(sql`lower(${users.username}) = lower(${input.to})`)
    .limit(1);
  // The recipient turned notification e-mails off (/unsubscribe): 0, nothing queued.
  if (account && !account.emailNotifications && NOTIFICATION_EMAIL_TYPES.has(input.emailTypeId)) return 0;
  // An address without an account has nothing to unsubscribe: {unsubscribe} is left empty.
  const vars = { ...input.vars, unsubscribe: account ? UNSUBSCRIBE_MARK : '' };
  const rendered = await renderTemplate(db, { ...input, vars });
  const mail = {
    ...withAccountFooter(rendered, account),
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  };
  const [row] = await db
    .insert(mailOutbox)
    .values({
      centerId: input.centerId,
      emailTypeId: input.emailTypeId,
      toAddress: input.to,
      sealedContent: sealMail(secrets, mail),
    })
    .returning({ id: mailOutbox.id });
  const cc = account?.ccEmail?.trim() ?? '';
  if (cc !== '' && NOTIFICATION_EMAIL_TYPES.has(input.emailTypeId)) {
    // The copy is the mail rendered without the account's unsubscribe link or footer (the CC
    // holds no account and may not unsubscribe the user), saying whose copy it is.
    const plain = await renderTemplate(db, { ...input, vars: { ...input.vars, unsubscribe: '' } });
    const name = `${account!.firstName} ${account!.lastName}`.trim() || account!.username;
    const note = `You receive this copy as the CC e-mail of ${name}.`;
    const copy: RenderedMail = {
      subject: plain.subject,
      html: `<p style="font-size:12px;color:#666">${escapeHtml(note)}</p>${plain.html}`,
      text: `${note}\n\n${plain.text}`,
    };
    await db.insert(mailOutbox).values({
      centerId: input.centerId,
      emailTypeId: input.emailTypeId,
      toAddress: cc,
      sealedContent: sealMail(secrets, copy),
    });
  }
  return row!.id;
}

/** A mail to an account ends with the unsubscribe line and carries who may unsubscribe. */
function withAccountFooter(rendered: RenderedMail, account: MailUnsubscribe | undefined): RenderedMail {
  if (!account) return rendered;
  return {
    ...rendered,
    html: `${rendered.html}<p style="font-size:12px;color:#666">To stop notification e-mails, <a href="${UNSUBSCRIBE_MARK}">unsubscribe</a>.</p>`,
    text: `${rendered.text}\n\nTo stop notification e-mails, unsubscribe: ${UNSUBSCRIBE_MARK}`,
    unsubscribe: {
      userId: account.userId,
      username: account.username,
      firstName: account.firstName,
      lastName: account.lastName,
    },
  };
}

/** One account that a batch of one e-mail type goes to, with its own placeholders. */
export interface BatchRecipient {
  account: MailUnsubscribe;
  vars: Record<string, string>;
}

/** Rows per insert of a batch: sealed mails are a few kB each. */
const BATCH_INSERT_ROWS = 1000;

/**
 * queueTemplatedMail for many accounts at once (the reminder scheduler): the
 * template is read and rendered once, each recipient's placeholders filled in, and the sealed
 * mails inserted a few hundred rows per statement, in the caller's transaction. For account
 * mail only (every recipient has an account; none is a notification type a user can turn off).
 * `subject` replaces the template's subject (its placeholders are filled the same way).
 */
export async function queueTemplatedMailBatch(
  db: Db,
  secrets: SecretBox,
  input: { centerId: number; emailTypeId: number; subject?: string; recipients: readonly BatchRecipient[] },
): Promise<number> {
  if (input.recipients.length === 0) return 0;
  if (NOTIFICATION_EMAIL_TYPES.has(input.emailTypeId))
    throw new Error('A batch is for account mail; notification mail goes one by one (queueTemplatedMail).');
  // Rendered with only {organization} filled: the other placeholders stay for each recipient.
  const template = await renderTemplate(db, {
    centerId: input.centerId,
    emailTypeId: input.emailTypeId,
    vars: {},
    ...(input.subject !== undefined ? { subject: input.subject } : {}),
  });
  const rows = input.recipients.map((r) => {
    const vars = { ...r.vars, unsubscribe: UNSUBSCRIBE_MARK };
    const mail = withAccountFooter(
      {
        subject: fillPlaceholders(template.subject, vars, false),
        html: fillPlaceholders(template.html, vars, true),
        text: fillPlaceholders(template.text, vars, false),
      },
      r.account,
    );
    return {
      centerId: input.centerId,
      emailTypeId: input.emailTypeId,
      toAddress: r.account.username,
      sealedContent: sealMail(secrets, mail),
    };
  });
  // One text array per column through unnest (as the seed's bulk insert): a multi-row VALUES
  // of sealed mails cost more to build and send than the sealing itself.
  for (let i = 0; i < rows.length; i += BATCH_INSERT_ROWS) {
    const chunk = rows.slice(i, i + BATCH_INSERT_ROWS);
    await db.execute(sql`
      insert into mail_outbox (center_id, email_type_id, to_address, sealed_content)
      select ${input.centerId}, ${input.emailTypeId}, m.to_address, m.sealed_content
      from unnest(${sql.param(chunk.map((r) => r.toAddress))}::text[],
                  ${sql.param(chunk.map((r) => r.sealedContent))}::text[]) as m(to_address, sealed_content)`);
  }
  return rows.length;
}

/** The public page that asks before turning a user's notification e-mails off. */
export function unsubscribePageUrl(publicUrl: string, u: MailUnsubscribe): string {
  const parts = [String(u.userId), u.username, u.firstName, u.lastName].filter((p) => p !== '');
  return `${publicUrl}/#/unsubscribe/${parts.map(encodeURIComponent).join('/')}`;
}

export const ONE_CLICK_PURPOSE = 'unsubscribe';

/** The signed one-click address (RFC 8058): only the app secret makes its signature. */
export function oneClickUnsubscribeUrl(publicUrl: string, secrets: SecretBox, userId: number): string {
  return `${publicUrl}/api/unsubscribe/oneclick/${userId}/${secrets.sign(ONE_CLICK_PURPOSE, String(userId))}`;
}

/**
 * What the delivery sends of a queued mail: the unsubscribe mark filled in and, for a mail to an
 * account, the List-Unsubscribe and List-Unsubscribe-Post headers (one-click, RFC 8058).
 */
export function withUnsubscribe(
  mail: RenderedMail,
  publicUrl: string,
  secrets: SecretBox,
): {
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
} {
  const { subject, html, text, unsubscribe } = mail;
  const files = mail.attachments?.length ? { attachments: mail.attachments } : {};
  if (!unsubscribe) return { subject, html, text, ...files };
  const page = unsubscribePageUrl(publicUrl, unsubscribe);
  const fill = (s: string, inHtml: boolean) =>
    s.split(UNSUBSCRIBE_MARK).join(inHtml ? page.replace(/&/g, '&amp;').replace(/"/g, '&quot;') : page);
  return {
    subject,
    html: fill(html, true),
    text: fill(text, false),
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(publicUrl, secrets, unsubscribe.userId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...files,
  };
}
