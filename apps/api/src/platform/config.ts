import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** Every environment variable the server reads; the README documents each. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * DATABASE_POOL_SIZE: the PostgreSQL connections the process keeps (default POOL_SIZE). About
   * twice the database server's cores: more only queue inside PostgreSQL (decision 013).
   */
  databasePoolSize: number;
  /** Signs captcha challenges and encrypts secrets at rest (SMTP passwords, SSNs). */
  appSecret: string;
  publicUrl: string;
  /** NODE_ENV=production: developer-only routes and defaults are absent. */
  production: boolean;
  /**
   * file: each mail is written as an .eml file to DATA_DIR/mail, which only the operator reads
   * (the default); smtp: sent; outbox: kept encrypted for the development outbox viewer (not in
   * production). Decision 009.
   */
  mailTransport: MailTransportName;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * outbox: texts are kept in the local outbox (the development outbox viewer and the operator's
   * drop DATA_DIR/texts, the default); twilio: sent through the center's own Twilio number and
   * account (issue 20).
   */
  smsTransport: SmsTransportName;
  /**
   * Where the twilio transport sends its API requests instead of https://api.twilio.com (a
   * Twilio-compatible gateway or a test double); null: Twilio itself.
   */
  twilioApiUrl: string | null;
  seedDemo: boolean;
  /** Synthetic donors added by the first demo seed. */
  seedDonors: number;
  version: string;
  webDist: string | null;
  healthcheckUser: string;
  /** null: the health-check login is off (production without HEALTHCHECK_PASSWORD). */
  healthcheckPassword: string | null;
  logLevel: string;
  /** The session cookie is sent over TLS only: COOKIE_SECURE=true or an https PUBLIC_URL. */
  cookieSecure: boolean;
  /**
   * Which proxies' X-Forwarded-For is believed for the client address (login and sign-up-link
   * limits, sessions, audit log): false (the socket's peer is the client), true (any), a hop
   * count, or proxy addresses and CIDR ranges. Fastify's trustProxy option.
   */
  trustProxy: boolean | number | string[];
  /**
   * REDIS_URL: the socket server (platform/realtime-socket.ts) shares rooms and presence with the
   * other API processes through Redis; null: one process, in memory.
   */
  redisUrl: string | null;
  /**
   * PAYMENT_PROVIDER (issue 23, decision 023): local (the default) behaves like Stripe's test mode
   * without any account and takes no money; stripe charges through Stripe with the keys below.
   */
  paymentProvider: PaymentProviderName;
  /** STRIPE_SECRET_KEY (sk_...), server side only. */
  stripeSecretKey: string | null;
  /** STRIPE_PUBLISHABLE_KEY (pk_...), handed to the browser by payment-services/public-key. */
  stripePublishableKey: string | null;
  /** STRIPE_WEBHOOK_SECRET (whsec_...): webhooks are verified with it. */
  stripeWebhookSecret: string | null;
  /** STRIPE_API_URL: where the stripe client sends its requests instead of Stripe (a test double). */
  stripeApiUrl: string | null;
  /**
   * FILE_STORAGE: where uploaded and generated files are kept (platform/storage-config.ts builds the
   * store): disk, under DATA_DIR/uploads (the default), or s3, a bucket on any S3-compatible
   * server, which every API process shares (decision 032).
   */
  fileStorage: FileStorageName;
  /** With FILE_STORAGE=s3, the bucket and how to reach it (S3_*); null on disk. */
  s3: S3Settings | null;
  /**
   * SHUTDOWN_DRAIN_MS: how long a stopping process keeps serving after it answers the readiness
   * probe 503, so the load balancer stops sending it requests before its listener closes
   * (default DEFAULT_DRAIN_MS in production, 0 otherwise).
   */
  shutdownDrainMs: number;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; null: /metrics is not served. */
  metricsToken: string | null;
}

/** A production process's drain: a few of a load balancer's probe intervals (a second or two each). */
export const DEFAULT_DRAIN_MS = 3000;

export const FILE_STORAGES = ['disk', 's3'] as const;
export type FileStorageName = (typeof FILE_STORAGES)[number];

export interface S3Settings {
  /** S3_ENDPOINT: the server's address, e.g. https://s3.eu-west-1.amazonaws.com; addressed path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** FILE_STORAGE and, for s3, every S3_* variable: a missing one stops the start with its name. */
function fileStorageOf(env: NodeJS.ProcessEnv): Pick<Config, 'fileStorage' | 's3'> {
  const name = env.FILE_STORAGE || 'disk';
  if (!(FILE_STORAGES as readonly string[]).includes(name))
    throw new Error(`FILE_STORAGE must be one of ${FILE_STORAGES.join(', ')}, got "${name}"`);
  if (name === 'disk') return { fileStorage: 'disk', s3: null };
  const variables = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  const missing = variables.filter((v) => !env[v]);
  if (missing.length > 0) throw new Error(`FILE_STORAGE=s3 needs ${missing.join(', ')}`);
  return {
    fileStorage: 's3',
    s3: {
      endpoint: urlOrNull(env.S3_ENDPOINT, 'S3_ENDPOINT')!,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    },
  };
}

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

function paymentSettingsOf(env: NodeJS.ProcessEnv) {
  const name = env.PAYMENT_PROVIDER || 'local';
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(name))
    throw new Error(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}, got "${name}"`);
  const settings = {
    paymentProvider: name as PaymentProviderName,
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiUrl: urlOrNull(env.STRIPE_API_URL, 'STRIPE_API_URL'),
  };
  if (name === 'stripe') {
    for (const [key, value] of [
      ['STRIPE_SECRET_KEY', settings.stripeSecretKey],
      ['STRIPE_PUBLISHABLE_KEY', settings.stripePublishableKey],
      ['STRIPE_WEBHOOK_SECRET', settings.stripeWebhookSecret],
    ] as const)
      if (!value) throw new Error(`PAYMENT_PROVIDER=stripe needs ${key}`);
  }
  return settings;
}

export const MAIL_TRANSPORTS = ['file', 'smtp', 'outbox'] as const;
export type MailTransportName = (typeof MAIL_TRANSPORTS)[number];

export const SMS_TRANSPORTS = ['outbox', 'twilio'] as const;
export type SmsTransportName = (typeof SMS_TRANSPORTS)[number];

function smsTransportOf(value: string | undefined): SmsTransportName {
  const name = value || 'outbox';
  if (!(SMS_TRANSPORTS as readonly string[]).includes(name))
    throw new Error(`SMS_TRANSPORT must be one of ${SMS_TRANSPORTS.join(', ')}, got "${name}"`);
  return name as SmsTransportName;
}

function urlOrNull(value: string | undefined, name: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/$/, '');
}

/**
 * The PostgreSQL connections an API process keeps unless DATABASE_POOL_SIZE says otherwise: the
 * issue 19 load bench on 2 cores (API and PostgreSQL on one machine) measured 3 to 6 connections
 * at the same or better throughput than 10, with half the event-loop delay and faster writes.
 */
export const POOL_SIZE = 4;

function poolSizeOf(value: string | undefined): number {
  const n = wholeNumber(value, POOL_SIZE, 'DATABASE_POOL_SIZE');
  if (n < 1) throw new Error(`DATABASE_POOL_SIZE must be at least 1, got "${value}"`);
  return n;
}

/** The development health-check password; a production process has none unless configured. */
export const DEV_HEALTHCHECK_PASSWORD = 'Health!2345';

function mailTransportOf(value: string | undefined, production: boolean): MailTransportName {
  const name = value || 'file';
  if (!(MAIL_TRANSPORTS as readonly string[]).includes(name))
    throw new Error(`MAIL_TRANSPORT must be one of ${MAIL_TRANSPORTS.join(', ')}, got "${name}"`);
  if (production && name === 'outbox')
    throw new Error('MAIL_TRANSPORT=outbox is a development tool; use file or smtp in production');
  return name as MailTransportName;
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

/**
 * The app secret comes from APP_SECRET, or is generated once and kept in DATA_DIR. Not so for a
 * production server on PostgreSQL: its processes may run on several machines, each of which would
 * generate a secret of its own (and lose it with the machine), and what one sealed another could
 * not open. It refuses to start instead.
 */
function loadSecret(
  dataDir: string,
  fromEnv: string | undefined,
  opts: { production: boolean; sharedDatabase: boolean },
): string {
  if (fromEnv && fromEnv.length >= 32) return fromEnv;
  if (fromEnv) throw new Error('APP_SECRET must be at least 32 characters');
  if (opts.production && opts.sharedDatabase) {
    throw new Error(
      'APP_SECRET must be set in production with DATABASE_URL: every process needs the same secret (at least 32 characters, e.g. openssl rand -hex 32)',
    );
  }
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
  const production = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: poolSizeOf(env.DATABASE_POOL_SIZE),
    appSecret: loadSecret(dataDir, env.APP_SECRET, { production, sharedDatabase: Boolean(env.DATABASE_URL) }),
    publicUrl,
    production,
    mailTransport: mailTransportOf(env.MAIL_TRANSPORT, production),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'no-reply@donormatch.local',
    smsTransport: smsTransportOf(env.SMS_TRANSPORT),
    twilioApiUrl: urlOrNull(env.TWILIO_API_URL, 'TWILIO_API_URL'),
    seedDemo: env.SEED_DEMO !== 'false',
    seedDonors: wholeNumber(env.SEED_DONORS, 20_000, 'SEED_DONORS'),
    version: env.APP_VERSION ?? readVersion(),
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? path.join('apps', 'web', 'dist')),
    healthcheckUser: env.HEALTHCHECK_USER ?? 'health',
    healthcheckPassword: env.HEALTHCHECK_PASSWORD || (production ? null : DEV_HEALTHCHECK_PASSWORD),
    logLevel: env.LOG_LEVEL ?? 'info',
    cookieSecure: env.COOKIE_SECURE === 'true' || publicUrl.startsWith('https:'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL || null,
    ...paymentSettingsOf(env),
    ...fileStorageOf(env),
    shutdownDrainMs: wholeNumber(
      env.SHUTDOWN_DRAIN_MS,
      production ? DEFAULT_DRAIN_MS : 0,
      'SHUTDOWN_DRAIN_MS',
    ),
    metricsToken: env.METRICS_TOKEN || null,
  };
}

/** proxy-addr's names for the loopback, link-local and private (unique local) ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an address, address/prefix length, or one of the range names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, false or 0 trusts no proxy, so a forged X-Forwarded-For changes
 * nothing; true trusts any; a whole number trusts that many hops; otherwise a comma list of
 * proxy addresses and CIDR ranges.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isProxyEntry(e));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or a comma list of proxy addresses/CIDRs, got "${bad}"`,
    );
  }
  return entries;
}

function wholeNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}
