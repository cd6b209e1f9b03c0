import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { audit } from './audit.js';

let t: TestApp;
let id: number;

beforeAll(async () => {
  t = await startTestApp();
  await audit(t.db, null, { action: 'test.entry', entityType: 'test', entityId: 1 }, '192.0.2.1');
  const [row] = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.action, 'test.entry'));
  id = row!.id;
});
afterAll(() => t.close());

/** The database error behind drizzle's wrapper (PGlite and node-postgres alike). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    const err = e as { message?: string; cause?: { message?: string } };
    return `${err.message ?? ''} ${err.cause?.message ?? ''}`;
  }
  return 'not refused';
}

describe('audit_log is append-only (trigger, migration 0026)', () => {
  it('refuses an UPDATE with a clear error', async () => {
    const message = await refusal(() =>
      t.db.update(auditLog).set({ action: 'tampered' }).where(eq(auditLog.id, id)),
    );
    expect(message).toContain('audit_log is append-only: UPDATE is not allowed');
  });

  it('refuses a DELETE with a clear error', async () => {
    const message = await refusal(() => t.db.delete(auditLog).where(eq(auditLog.id, id)));
    expect(message).toContain('audit_log is append-only: DELETE is not allowed');
  });

  it('refuses a TRUNCATE', async () => {
    const message = await refusal(() => t.db.execute(sql`TRUNCATE audit_log`));
    expect(message).toContain('audit_log is append-only: TRUNCATE is not allowed');
  });

  it('still takes new entries, and the refused changes left the row as it was', async () => {
    await audit(t.db, null, { action: 'test.entry2', entityType: 'test' });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row).toMatchObject({ action: 'test.entry', ip: '192.0.2.1' });
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'test.entry2'))).toBe(1);
  });
});
