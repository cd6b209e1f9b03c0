import { CLIENT_VISIBLE_AVAILABILITY, donorVisibilityKind } from '@dm/shared';
import { and, eq, gt, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { donors, users } from '../../db/schema/index.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { donorAccessCenters } from '../centers/centers.service.js';

/**
 * The one rule of which donors a caller may see (the role decision is `donorVisibilityKind` of
 * packages/shared/src/policy/donor.ts; this turns it into SQL); search, details, favourites, comparison,
 * portfolios and downloads all go through it. The condition reads `donors` alone (the archived
 * flag is copied onto donors for that), so counts need no join.
 *
 * - Master admin: every donor.
 * - Admin and case manager: donors of their own center and of the centers it may see.
 * - Intended parent: the same centers, but never archived donors nor donors still in the
 *   application flow (only CLIENT_VISIBLE_AVAILABILITY), and another center's donor only when
 *   that donor is allowed in the matching tool. An Unavailable donor whose queued match was just
 *   cancelled is hidden until donors.hidden_until (compared with the database clock, which also
 *   set it).
 * - Donor: only themself.
 */
/**
 * Which donors a caller may see, as data: the SQL condition below and the in-process search
 * index (search.index.ts) both read it, so the rule is written once.
 */
export type VisibilityRule =
  | { kind: 'all' }
  | { kind: 'self'; donorId: number }
  | { kind: 'centers'; centers: number[] }
  | { kind: 'client'; centers: number[]; ownCenter: number; hidden: number[] };

export async function visibilityRule(db: Db, auth: Auth): Promise<VisibilityRule> {
  const kind = donorVisibilityKind(auth);
  if (kind === 'all') return { kind: 'all' };
  if (kind === 'self') return { kind: 'self', donorId: auth.userId };
  // Both lookups at once: an intended parent's search waits for the slower one, not the sum.
  const [access, hidden] = await Promise.all([
    donorAccessCenters(db, auth),
    kind === 'client' ? hiddenDonorIds(db) : [],
  ]);
  const centers = access.map((c) => c.id);
  if (kind === 'centers') return { kind: 'centers', centers };
  return { kind: 'client', centers, ownCenter: auth.centerId, hidden };
}

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

export async function donorVisibility(db: Db, auth: Auth): Promise<SQL> {
  return visibilitySql(await visibilityRule(db, auth));
}

/**
 * Unavailable donors hidden from intended parents for now (a queued match of theirs was just
 * cancelled). Looked up on their own (a partial index, usually no row) so the search's condition
 * stays on the columns donor_search carries.
 */
async function hiddenDonorIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: donors.userId })
    .from(donors)
    .where(and(gt(donors.hiddenUntil, sql`now()`), eq(donors.availability, 'Unavailable')));
  return rows.map((r) => r.id);
}

/** A donor the caller may not see answers 404, as if it did not exist. */
export async function assertDonorVisible(db: Db, auth: Auth, donorId: number): Promise<void> {
  const visible = await donorVisibility(db, auth);
  const [row] = await db
    .select({ id: donors.userId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(and(eq(donors.userId, donorId), visible))
    .limit(1);
  if (!row) throw notFound();
}
