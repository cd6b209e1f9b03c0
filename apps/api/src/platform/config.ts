import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every environment variable the server reads; the README documents each. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Signs captcha challenges and encrypts secrets at rest (SMTP passwords, SSNs). */
  appSecret: string;
  publicUrl: string;
  mailTransport: 'outbox' | 'smtp';
  smtpUrl: string | null;
  mailFrom: string;
  seedDemo: boolean;
  /** Synthetic donors added by the first demo seed. */
  seedDonors: number;
  version: string;
  webDist: string | null;
  healthcheckUser: string;
  healthcheckPassword: string;
  logLevel: string;
  /** The session cookie is sent over TLS only: COOKIE_SECURE=true or an https PUBLIC_URL. */
  cookieSecure: boolean;
}

function readVersion(): string {
  try {
    const here = path.dirname(new URL(import.meta.url).pathname);
    const stamp = JSON.parse(
      readFileSync(path.join(here, '..', '..', '..', '..', 'build-info.json'), 'utf8'),
    );
    return String(stamp.version);
  } catch {
    return 'dev';
  }
}

/** The app secret comes from APP_SECRET, or is generated once and kept in DATA_DIR. */
function loadSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv && fromEnv.length >= 32) return fromEnv;
  if (fromEnv) throw new Error('APP_SECRET must be at least 32 characters');
  const file = path.join(dataDir, 'app-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    appSecret: loadSecret(dataDir, env.APP_SECRET),
    publicUrl,
    mailTransport: env.MAIL_TRANSPORT === 'smtp' ? 'smtp' : 'outbox',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'no-reply@donormatch.local',
    seedDemo: env.SEED_DEMO !== 'false',
    seedDonors: wholeNumber(env.SEED_DONORS, 20_000, 'SEED_DONORS'),
    version: env.APP_VERSION ?? readVersion(),
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? path.join('apps', 'web', 'dist')),
    healthcheckUser: env.HEALTHCHECK_USER ?? 'health',
    healthcheckPassword: env.HEALTHCHECK_PASSWORD ?? 'Health!2345',
    logLevel: env.LOG_LEVEL ?? 'info',
    cookieSecure: env.COOKIE_SECURE === 'true' || publicUrl.startsWith('https:'),
  };
}

function wholeNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}
