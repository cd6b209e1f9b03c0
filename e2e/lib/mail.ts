// Mail in the browser suite: the server runs like production (MAIL_TRANSPORT=file), so every
// e-mail is an .eml file in DATA_DIR/mail, which only the operator (this test run) can read.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface DroppedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attached files (a calendar invitation), decoded as text. */
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The server's mail drop; run.ts passes it as E2E_MAIL_DIR. */
function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the scenarios through e2e/run.ts');
  return dir;
}

/** RFC 2045 quoted-printable: soft line breaks removed, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const latin1 = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** Splits a message or MIME part into its (unfolded) headers and body. */
function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(encoding: string | undefined, body: string): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The leaf parts of a MIME body, nested multiparts (mixed, alternative) opened. */
function leafParts(
  headers: Map<string, string>,
  body: string,
): { headers: Map<string, string>; body: string }[] {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.startsWith('multipart/') ? type.match(/boundary="?([^";]+)"?/)?.[1] : undefined;
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .map((p) => splitPart(p.replace(/^\r?\n/, '')))
    .flatMap((part) => leafParts(part.headers, part.body));
}

/** Reads the parts of a message as nodemailer writes it (text and/or html, attachments, maybe multipart). */
export function parseEml(file: string, raw: string): DroppedMail {
  const { headers, body } = splitPart(raw);
  const mail: DroppedMail = {
    file,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: '',
    html: '',
    attachments: [],
  };
  for (const part of leafParts(headers, body)) {
    const partType = part.headers.get('content-type') ?? 'text/plain';
    const decoded = decodeBody(part.headers.get('content-transfer-encoding'), part.body).trimEnd();
    const disposition = part.headers.get('content-disposition') ?? '';
    const filename =
      disposition.match(/filename="?([^";]+)"?/)?.[1] ?? partType.match(/name="?([^";]+)"?/)?.[1];
    if (disposition.startsWith('attachment') && filename)
      mail.attachments.push({ filename, contentType: partType, content: decoded });
    else if (partType.startsWith('text/html')) mail.html = decoded;
    else if (partType.startsWith('text/plain')) mail.text = decoded;
  }
  return mail;
}

/**
 * The newest mail to `to` in the drop (optionally the newest that `matches`), waiting for the
 * server's mail job (it runs every 5 seconds) up to `timeoutMs`. `dir`: another server's drop.
 */
export async function newestMailTo(
  to: string,
  matches: (mail: DroppedMail) => boolean = () => true,
  timeoutMs = 30_000,
  dir = mailDir(),
): Promise<DroppedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    // Names start with the time written, so the newest sorts last.
    for (const name of names.sort().reverse()) {
      const mail = parseEml(name, await readFile(path.join(dir, name), 'utf8'));
      if (mail.to.toLowerCase() === to.toLowerCase() && matches(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
