import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One text to send: from the center's number to a number in E.164 form. */
export interface OutgoingText {
  from: string;
  to: string;
  body: string;
}

/** How a text leaves the app (SMS_TRANSPORT): the local outbox or Twilio. */
export interface SmsTransport {
  /** Resolves with the provider's id of the message; rejects with an SmsError. */
  send(text: OutgoingText): Promise<{ id: string }>;
}

/** A center's own Twilio number and account (centers.twilio_*; the token opened). */
export interface TwilioCredentials {
  phoneNumber: string;
  accountSid: string;
  authToken: string;
}

/** A send that failed, in words an admin can act on (never the token or the text). */
export class SmsError extends Error {
  constructor(
    message: string,
    /** false: trying again cannot help (a refused number, wrong credentials). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Where SMS_TRANSPORT=outbox drops each text: DATA_DIR/texts, readable by the operator alone. */
export function textDropDir(dataDir: string): string {
  return path.join(dataDir, 'texts');
}

/**
 * SMS_TRANSPORT=outbox: each text is written to `dir` as a small text file (the folder 0700 and
 * each file 0600, like the mail drop), named by the time written so they sort oldest first. The
 * operator reads them; the browser suite reads codes from them.
 */
export function dropSmsTransport(dir: string): SmsTransport {
  return {
    send: async (text) => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const content = `From: ${text.from}\nTo: ${text.to}\n\n${text.body}\n`;
      await writeFile(path.join(dir, `${id}.txt`), content, { mode: 0o600, flag: 'wx' });
      return { id };
    },
  };
}

type Twilio = typeof import('twilio');
type RequestClient = InstanceType<Twilio['RequestClient']>;

let twilioPackage: Promise<Twilio> | null = null;
/**
 * The twilio package is large and most processes never send through it (the default transport is
 * the outbox): it loads on the first text sent with SMS_TRANSPORT=twilio (as exceljs and pdfkit do).
 */
const loadTwilio = (): Promise<Twilio> => {
  // A CommonJS package: the function is the module's default export when imported.
  twilioPackage ??= import('twilio').then(
    (m) => (m as unknown as { default?: Twilio }).default ?? (m as unknown as Twilio),
  );
  return twilioPackage;
};

/**
 * The twilio client's request client, sending every request to `baseUrl` instead of Twilio's
 * hosts (path and query kept): a Twilio-compatible gateway, or a fake server in the tests.
 */
function redirectingRequestClient(twilio: Twilio, baseUrl: string): RequestClient {
  const client = new twilio.RequestClient({ timeout: 15_000 });
  const send = client.request.bind(client);
  client.request = (opts) => {
    const url = new URL(opts.uri);
    return send({ ...opts, uri: `${baseUrl}${url.pathname}${url.search}` });
  };
  return client;
}

/** Twilio's error codes that no retry can change (invalid or unreachable number, blocked). */
const PERMANENT_TWILIO_CODES = new Set([21211, 21212, 21408, 21603, 21606, 21610, 21612, 21614]);

function describeTwilioError(error: unknown, credentials: TwilioCredentials): SmsError {
  const e = (error ?? {}) as { status?: number; code?: number; message?: string };
  let message: string;
  let retryable = true;
  if (e.status === 401 || e.status === 403) {
    message = 'Twilio did not accept the account SID or auth token.';
    retryable = false;
  } else if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    message = `Twilio refused the message${e.code ? ` (error ${e.code})` : ''}: ${e.message ?? 'no reason given'}`;
    retryable = e.status === 429 || !(e.code !== undefined && PERMANENT_TWILIO_CODES.has(e.code));
  } else {
    message = `Twilio could not be reached: ${e.message ?? String(error)}`;
  }
  // Nothing secret in what goes to job_runs and the log.
  for (const secret of [credentials.authToken]) if (secret) message = message.split(secret).join('***');
  return new SmsError(message.slice(0, 500), retryable);
}

/**
 * SMS_TRANSPORT=twilio: sends through the official client with the center's own account, from
 * its own number. `apiUrl` (TWILIO_API_URL) sends the API requests elsewhere.
 */
export function twilioSmsTransport(credentials: TwilioCredentials, apiUrl: string | null): SmsTransport {
  let client: Promise<ReturnType<Twilio>> | null = null;
  const clientOf = () => {
    client ??= loadTwilio().then((twilio) =>
      twilio(credentials.accountSid, credentials.authToken, {
        httpClient: apiUrl
          ? redirectingRequestClient(twilio, apiUrl)
          : new twilio.RequestClient({ timeout: 15_000 }),
      }),
    );
    return client;
  };
  return {
    send: async (text) => {
      try {
        const message = await (await clientOf()).messages.create({
          from: text.from,
          to: text.to,
          body: text.body,
        });
        return { id: message.sid };
      } catch (error) {
        throw describeTwilioError(error, credentials);
      }
    },
  };
}
