import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { importRejectReason, RowError } from './staff-donors.import.js';

/** A PostgreSQL error as the drivers raise it: SQLSTATE, severity, a message quoting values. */
function pgError(code: string, message: string, extra: Record<string, string> = {}) {
  return Object.assign(new Error(message), { code, severity: 'ERROR', ...extra });
}

describe('importRejectReason: what the import report tells staff about a rejected donor', () => {
  it('never repeats the statement or its parameters (a donor answers)', () => {
    const cause = pgError('22001', 'value too long for type character varying(100)', { column: 'city' });
    const error = new DrizzleQueryError(
      'insert into "donors" ("date_of_birth", "height") values ($1, $2)',
      ['1999-04-02', 'SECRET-HEIGHT-66'],
      cause,
    );
    const reason = importRejectReason(error);
    expect(reason).not.toContain('1999-04-02');
    expect(reason).not.toContain('SECRET-HEIGHT-66');
    expect(reason).not.toContain('insert into');
    expect(reason).toBe(
      'The database refused this donor (22001, city): value too long for type character varying(100)',
    );
  });

  it('drops quoted values from a database message', () => {
    const reason = importRejectReason(
      pgError('23514', 'new row violates check constraint "c" with value \'SECRET\''),
    );
    expect(reason).not.toContain('SECRET');
  });

  it('keeps the messages written for staff: duplicates and row errors', () => {
    expect(importRejectReason(pgError('23505', 'dup', { constraint: 'users_username_unique' }))).toBe(
      'Username already exists',
    );
    expect(importRejectReason(pgError('23505', 'dup', { constraint: 'donors_agency_display_id_idx' }))).toBe(
      'Donor id already exists.',
    );
    expect(importRejectReason(new RowError('general', 2, 'Invalid Email address'))).toBe(
      'Invalid Email address',
    );
  });
});
