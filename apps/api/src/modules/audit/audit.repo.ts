import { and, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditDonorSql, auditLog, donors, users } from '../../db/schema/index.js';
import { type Db, escapeLike } from '../../platform/db.js';

/** Which donor entries a caller asks for; every bound optional. */
export interface AuditScope {
  /** Only donors of this center (null: every center). */
  centerId: number | null;
  donorId?: number;
  user?: string;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

const donorOf = auditDonorSql(auditLog);
const actor = alias(users, 'actor');
const behalf = alias(users, 'behalf');

/** The day after a YYYY-MM-DD day, as the exclusive upper bound of `at`. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function whereOf(scope: AuditScope): SQL | undefined {
  const conditions: SQL[] = [sql`${donorOf} IS NOT NULL`];
  if (scope.donorId !== undefined) conditions.push(sql`${donorOf} = ${String(scope.donorId)}`);
  // A deleted donor's entries keep the center they were written with.
  if (scope.centerId !== null) {
    conditions.push(sql`coalesce(${donors.centerId}, ${auditLog.centerId}) = ${scope.centerId}`);
  }
  if (scope.from) conditions.push(gte(auditLog.at, new Date(`${scope.from}T00:00:00Z`)));
  if (scope.to) conditions.push(lt(auditLog.at, dayAfter(scope.to)));
  if (scope.user) {
    const pattern = `%${escapeLike(scope.user)}%`;
    conditions.push(
      ilike(sql`concat_ws(' ', ${actor.firstName}, ${actor.lastName}, ${actor.username})`, pattern),
    );
  }
  return and(...conditions);
}

/** A page of donor entries, newest first, with the acting user and the donor. */
export async function listEntries(db: Db, scope: AuditScope, page: { offset: number; limit: number }) {
  const where = whereOf(scope);
  const donorJoin = eq(
    donors.userId,
    sql`(CASE WHEN ${donorOf} ~ '^[0-9]{1,9}$' THEN (${donorOf})::int END)`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        ip: auditLog.ip,
        donorRef: sql<string>`${donorOf}`,
        entryCenterId: auditLog.centerId,
        actor: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName, role: actor.role },
        behalf: { id: behalf.id, firstName: behalf.firstName, lastName: behalf.lastName },
        donor: {
          displayId: donors.displayId,
          agencyDisplayId: donors.agencyDisplayId,
          centerId: donors.centerId,
        },
      })
      .from(auditLog)
      .leftJoin(donors, donorJoin)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .leftJoin(behalf, eq(behalf.id, auditLog.onBehalfOfUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(donors, donorJoin)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
