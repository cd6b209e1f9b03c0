import { describeIssue, MSG } from '@dm/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Characters no text field may hold: C0 controls except tab, line feed and carriage return,
 * DEL, and UTF-16 surrogates that are not part of a pair. PostgreSQL refuses a NUL in text
 * (a 500 before this guard), and none of them is typed by a person.
 */
function forbiddenAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x20) return c !== 0x09 && c !== 0x0a && c !== 0x0d;
  if (c === 0x7f) return true;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const previous = i > 0 ? text.charCodeAt(i - 1) : 0;
    return !(previous >= 0xd800 && previous <= 0xdbff);
  }
  return false;
}

/** No request of this app nests deeper than a handful of levels; deeper input is refused. */
export const MAX_INPUT_DEPTH = 32;

export function hasForbiddenCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (forbiddenAt(text, i)) return true;
  return false;
}

export interface BadInput {
  /** Path of the offending value, e.g. ['deliveries', 0, 'name']. */
  path: (string | number)[];
  message: string;
}

/**
 * The first string (value or object key) with a forbidden character, or the first value nested
 * deeper than MAX_INPUT_DEPTH, in a parsed body, query or params. Buffers and streams (file
 * uploads, video chunks) are not text and are left alone.
 */
export function findBadInput(value: unknown, path: (string | number)[] = []): BadInput | null {
  if (typeof value === 'string') {
    return hasForbiddenCharacter(value) ? bad(MSG.INPUT_CONTROL_CHARACTER, path) : null;
  }
  if (value === null || typeof value !== 'object') return null;
  const isArray = Array.isArray(value);
  // Query and params objects have no Object prototype; bytes and streams are not text.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return null;
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  if (path.length >= MAX_INPUT_DEPTH) return bad(MSG.INPUT_TOO_DEEP, path);
  if (isArray) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadInput(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasForbiddenCharacter(key)) return bad(MSG.INPUT_CONTROL_CHARACTER, [...path, printable(key)]);
    const found = findBadInput(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** A key that is itself refused is named without its forbidden characters. */
function printable(key: string): string {
  return [...key].filter((ch) => !hasForbiddenCharacter(ch)).join('') || 'key';
}

function bad(template: string, path: (string | number)[]): BadInput {
  return { path, message: describeIssue(template, path) };
}

/** The 400 for bad input, in the envelope of the schema validation errors ({fields}). */
export function badInputError(found: BadInput) {
  const field = found.path.join('.');
  return badRequest(found.message, { fields: [{ field, message: found.message }] });
}

/** Throws the 400 when a value holds a forbidden character or is nested too deeply. */
export function assertCleanInput(value: unknown, path: (string | number)[] = []): void {
  const found = findBadInput(value, path);
  if (found) throw badInputError(found);
}

/**
 * One check for every route, before its zod schema runs (and after the access hook, so an
 * anonymous caller still gets 401): params, query and a parsed JSON body. Multipart text
 * fields are checked where they are read (`uploads/received.ts`).
 */
export function installInputGuard(app: FastifyInstance): void {
  // Synchronous (done): an async hook costs a promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertCleanInput(request.params);
      assertCleanInput(request.query);
      assertCleanInput(request.body);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
