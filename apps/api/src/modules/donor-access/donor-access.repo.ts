import { CLIENT_VISIBLE_AVAILABILITY } from '@dm/shared';
import { and, eq, gt, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { donors, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/**
 * Which donors a caller may see, as data: the SQL condition below and the in-process search
 * index (search.index.ts) both read it, so the rule is written once.
 */
export type VisibilityRule =
  | { kind: 'all' }
  | { kind: 'self'; donorId: number }
  | { kind: 'centers'; centers: number[] }
  | { kind: 'client'; centers: number[]; ownCenter: number; hidden: number[] };

/** The rule as a condition on `donors` (or on donor_search read under that name). */
export function visibilitySql(rule: VisibilityRule): SQL {
  switch (rule.kind) {
    case 'all':
      return sql`true`;
    case 'self':
      return eq(donors.userId, rule.donorId);
    case 'centers':
      return inArray(donors.centerId, rule.centers);
    case 'client':
      return and(
        inArray(donors.centerId, rule.centers),
        eq(donors.archived, false),
        inArray(donors.availability, [...CLIENT_VISIBLE_AVAILABILITY]),
        or(eq(donors.centerId, rule.ownCenter), eq(donors.allowedForMatchingTool, true)),
        ...(rule.hidden.length > 0 ? [notInArray(donors.userId, rule.hidden)] : []),
      )!;
  }
}

/**
 * Unavailable donors hidden from intended parents for now (a queued match of theirs was just
 * cancelled). Looked up on their own (a partial index, usually no row) so the search's condition
 * stays on the columns donor_search carries.
 */
export async function hiddenDonorIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: donors.userId })
    .from(donors)
    .where(and(gt(donors.hiddenUntil, sql`now()`), eq(donors.availability, 'Unavailable')));
  return rows.map((r) => r.id);
}

/** Whether the donor exists and the visibility condition lets it through. */
export async function isDonorVisible(db: Db, donorId: number, visible: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(and(eq(donors.userId, donorId), visible))
    .limit(1);
  return row !== undefined;
}
