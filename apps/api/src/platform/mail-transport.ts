import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Attached files, in nodemailer's own shape (a calendar invitation). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  verify(): Promise<void>;
  close(): void;
}

/** Builds a transport for one SMTP connection; tests may swap it for one that records. */
export type MailTransportFactory = (options: SmtpOptions) => MailTransport;

export const smtpTransportFactory: MailTransportFactory = (options) => {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    auth: options.username ? { user: options.username, pass: options.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Loopback test servers use self-signed certificates; real hosts keep verification.
    tls: { rejectUnauthorized: !['127.0.0.1', 'localhost', '::1'].includes(options.host) },
  });
  return {
    send: async (mail) => {
      await transport.sendMail(mail);
    },
    verify: async () => {
      await transport.verify();
    },
    close: () => transport.close(),
  };
};

/** Parses SMTP_URL (smtp://user:pass@host:port or smtps://...). */
export function parseSmtpUrl(url: string): SmtpOptions {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: Number(parsed.port || (secure ? 465 : 587)),
    secure,
    username: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}

/** Where MAIL_TRANSPORT=file writes mail: DATA_DIR/mail, readable by the operator alone. */
export function mailDropDir(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/**
 * MAIL_TRANSPORT=file: renders each mail as a standard .eml message (nodemailer's stream
 * transport) and writes it to `dir`, the folder made 0700 and each file 0600, so only the
 * account running the server (the operator) can open them. Names start with the time, so they
 * sort oldest first.
 */
export function fileMailTransport(dir: string): MailTransport {
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const { message } = await renderer.sendMail(mail);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(dir, name), message as Buffer, { mode: 0o600, flag: 'wx' });
    },
    verify: async () => {},
    close: () => renderer.close(),
  };
}
