import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { emailTemplates, emailTypes, mailOutbox, smtpConnections } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

export type EmailTypeRow = typeof emailTypes.$inferSelect;
export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

export function listEmailTypes(db: Db): Promise<EmailTypeRow[]> {
  return db.select().from(emailTypes).orderBy(asc(emailTypes.id));
}

export async function findEmailType(db: Db, id: number): Promise<EmailTypeRow | undefined> {
  const [row] = await db.select().from(emailTypes).where(eq(emailTypes.id, id)).limit(1);
  return row;
}

export async function findTemplate(
  db: Db,
  centerId: number,
  emailTypeId: number,
): Promise<EmailTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.centerId, centerId), eq(emailTemplates.emailTypeId, emailTypeId)))
    .limit(1);
  return row;
}

/** Locks the row, so an update and a delete of one template do not interleave. */
export async function findTemplateForUpdate(db: Db, id: number): Promise<EmailTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function insertTemplate(
  db: Db,
  values: typeof emailTemplates.$inferInsert,
): Promise<EmailTemplateRow> {
  const [row] = await db.insert(emailTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: Db,
  id: number,
  values: Pick<EmailTemplateRow, 'subject' | 'definition' | 'signature' | 'updatedBy' | 'updatedAt'>,
): Promise<EmailTemplateRow> {
  const [row] = await db.update(emailTemplates).set(values).where(eq(emailTemplates.id, id)).returning();
  return row!;
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.delete(emailTemplates).where(eq(emailTemplates.id, id));
}

/** Inserts or replaces the agency's one connection row. */
export async function upsertConnection(
  db: Db,
  values: typeof smtpConnections.$inferInsert,
): Promise<typeof smtpConnections.$inferSelect> {
  const { centerId: _centerId, ...changes } = values;
  const [row] = await db
    .insert(smtpConnections)
    .values(values)
    .onConflictDoUpdate({ target: smtpConnections.centerId, set: changes })
    .returning();
  return row!;
}

/** The newest outbox rows, of one center or (null) of all. */
export function listOutbox(db: Db, centerId: number | null, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(centerId === null ? sql`true` : eq(mailOutbox.centerId, centerId))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
