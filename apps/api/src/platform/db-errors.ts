/**
 * Failures that mean the database is unreachable or dropped the connection (a restart, a
 * failover, an administrator's pg_terminate_backend), as opposed to a failing statement. The
 * request that met one is answered 503 and may be retried; the pool opens new connections by
 * itself once the database is back.
 */

/**
 * SQLSTATEs of a database going away: 57P01 admin_shutdown (also pg_terminate_backend), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 57P05
 * idle_session_timeout; class 08 is every connection exception.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05']);

/** Node's socket errors when the server is not there or went away. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres's own errors for a lost connection (they carry no code): the socket closed
 * ("Connection terminated unexpectedly", "... due to connection timeout"), a query on a client
 * whose connection already failed, and no connection within connectionTimeoutMillis.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated\b/,
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];

/** The error and its causes (drizzle wraps the driver's error in DrizzleQueryError.cause). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

function unavailableCause(error: unknown): { code?: unknown; message?: unknown } | undefined {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return e;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return e;
    // AggregateError of a connection to every address of a host (localhost: ::1 and 127.0.0.1).
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return e;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return e;
  }
  return undefined;
}

/** Whether the error means the database is unreachable or the connection was lost. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== undefined;
}

/**
 * A short description of why the database is unavailable, for logs: the driver's or the
 * server's own code and words, never the statement or its parameters (a DrizzleQueryError's
 * message holds both).
 */
export function describeDatabaseUnavailable(error: unknown): string {
  const cause = unavailableCause(error);
  if (!cause) return 'database error';
  const code = typeof cause.code === 'string' ? `${cause.code} ` : '';
  const message = typeof cause.message === 'string' ? cause.message.slice(0, 200) : '';
  return `${code}${message}`.trim() || 'database unavailable';
}

/** The SQLSTATE of the error or of the driver error it wraps (drizzle's DrizzleQueryError.cause). */
export function sqlState(error: unknown): string | undefined {
  for (const e of chain(error)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** A unique index refused the write (23505 unique_violation): someone else saved the same value first. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
