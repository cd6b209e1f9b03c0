import { and, eq } from 'drizzle-orm';
import { convert, type HtmlToTextOptions } from 'html-to-text';
import { centers, emailTemplates, emailTypes, mailOutbox } from '../db/schema/index.js';
import type { SecretBox } from './crypto.js';
import type { Db } from './db.js';
import { notFound } from './errors.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Fills {name} placeholders; values are HTML-escaped, unknown placeholders stay visible. */
export function fillPlaceholders(template: string, vars: Record<string, string>, html: boolean): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
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

export function htmlToText(html: string): string {
  return convert(html, TEXT_OPTIONS);
}

/**
 * Renders an e-mail from the center's saved template for the type, or the type's default.
 * {organization} is always the center's agency name.
 */
export async function renderTemplate(
  db: Db,
  input: { centerId: number; emailTypeId: number; vars: Record<string, string> },
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
  const subject = fillPlaceholders(saved?.subject ?? type.defaultSubject, vars, false);
  const body = `${saved?.definition ?? type.defaultDefinition}<p>${saved?.signature ?? type.defaultSignature}</p>`;
  const html = fillPlaceholders(body, vars, true);
  return { subject, html, text: htmlToText(html) };
}

/** The sealed form of a rendered mail, as mail_outbox keeps it. */
export function sealMail(secrets: SecretBox, mail: RenderedMail): string {
  return secrets.seal(JSON.stringify({ subject: mail.subject, html: mail.html, text: mail.text }));
}

/** The rendered mail of an outbox row; null once it was delivered (or failed) and cleared. */
export function openMail(secrets: SecretBox, sealedContent: string | null): RenderedMail | null {
  if (sealedContent === null) return null;
  const { subject, html, text } = JSON.parse(secrets.open(sealedContent)) as RenderedMail;
  return { subject, html, text };
}

/**
 * Renders and queues an e-mail in the caller's transaction. The mail job delivers it after
 * commit, so a rolled-back change never sends and a failed send is retried. The rendered mail
 * carries links that sign its recipient in, so it is stored sealed (decision 009).
 */
export async function queueTemplatedMail(
  db: Db,
  secrets: SecretBox,
  input: { centerId: number; emailTypeId: number; to: string; vars: Record<string, string> },
): Promise<number> {
  const mail = await renderTemplate(db, input);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      centerId: input.centerId,
      emailTypeId: input.emailTypeId,
      toAddress: input.to,
      sealedContent: sealMail(secrets, mail),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
