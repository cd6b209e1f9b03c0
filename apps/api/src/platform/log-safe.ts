/**
 * What a log line may say about an error. A database error must never put the query's
 * parameters in the log: drizzle's DrizzleQueryError carries them in `params` and in its
 * message ("Failed query: ... params: ..."), and PostgreSQL's errors quote values in the
 * message and in `detail` ("Key (email)=(...) already exists."). So the log gets the error's
 * class, its code, a message without values, where it was raised and, for a database error,
 * which constraint, table and column; never the parameters, the detail or the query text.
 */
export interface ErrorSummary {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** Stack frames only (the first line repeats the message). */
  stack?: string;
  cause?: ErrorSummary;
}

/** A PostgreSQL server error (pg or PGlite): a five-character SQLSTATE and a severity. */
function isDatabaseError(error: object): boolean {
  const e = error as { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
}

/** Quoted text in a database message is a value or a name; keep neither. */
export function withoutValues(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
}

function framesOf(error: Error): string | undefined {
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return frames?.length ? frames.slice(0, 12).join('\n') : undefined;
}

export function errorSummary(error: unknown, depth = 0): ErrorSummary {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'A non-error value was thrown.' };
  }
  const type = error.constructor?.name ?? 'Error';
  const summary: ErrorSummary = { type, message: error.message };
  const fields = error as Error & Record<string, unknown>;
  if (type === 'DrizzleQueryError' || 'params' in fields) {
    // "Failed query: <sql>\nparams: <values>": neither the values nor the statement.
    summary.message = 'Failed query.';
  } else if (isDatabaseError(error)) {
    summary.message = withoutValues(error.message);
    for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
      if (typeof fields[key] === 'string') summary[key] = fields[key] as string;
    }
  }
  if (typeof fields.code === 'string') summary.code = fields.code;
  const stack = framesOf(error);
  if (stack) summary.stack = stack;
  if (error.cause !== undefined && depth < 3) summary.cause = errorSummary(error.cause, depth + 1);
  return summary;
}
