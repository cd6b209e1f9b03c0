import { donorVisibilityKind, type PolicySubject } from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { FreshRead } from '../../platform/fresh-read.js';
import {
  isDonorVisible,
  isPoolHandle,
  type VisibilityRule,
  visibilityFacts,
  visibilitySql,
} from './donor-access.repo.js';

export type { VisibilityRule };
// The search module builds its queries from the rule too.
export { visibilitySql };

type Facts = { centers: readonly number[]; hidden: readonly number[] };
const sharedFacts = new WeakMap<Db, Map<string, FreshRead<Facts>>>();

/**
 * The facts of a rule, read fresh for every caller; concurrent callers of the same center share
 * one read (FreshRead: never older than the caller). Inside a transaction the read is its own.
 */
function factsOf(db: Db, centerId: number, withHidden: boolean): Promise<Facts> {
  if (!isPoolHandle(db)) return visibilityFacts(db, centerId, withHidden);
  let reads = sharedFacts.get(db);
  if (!reads) {
    reads = new Map();
    sharedFacts.set(db, reads);
  }
  const key = `${centerId}:${withHidden ? 1 : 0}`;
  let read = reads.get(key);
  if (!read) {
    read = new FreshRead(async () => {
      const { centers, hidden } = await visibilityFacts(db, centerId, withHidden);
      return { centers: Object.freeze(centers), hidden: Object.freeze(hidden) };
    });
    reads.set(key, read);
  }
  return read.get();
}

/**
 * The one rule of which donors a caller may see (the role decision is `donorVisibilityKind` of
 * packages/shared/src/policy/donor.ts; the repo turns it into SQL); search, details, favourites, comparison,
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
export async function visibilityRule(db: Db, auth: PolicySubject): Promise<VisibilityRule> {
  const kind = donorVisibilityKind(auth);
  if (kind === 'all') return { kind: 'all' };
  if (kind === 'self') return { kind: 'self', donorId: auth.userId };
  // Both lookups in one statement, read after the caller asked (nothing is cached: a change of
  // center access or of a donor's hidden_until shows in the next search).
  const facts = await factsOf(db, auth.centerId, kind === 'client');
  const centers = [...facts.centers];
  const hidden = [...facts.hidden];
  if (kind === 'centers') return { kind: 'centers', centers };
  return { kind: 'client', centers, ownCenter: auth.centerId, hidden };
}

/** The caller's visibility as a condition on `donors`, for the repos' queries. */
export async function donorVisibility(db: Db, auth: Auth) {
  return visibilitySql(await visibilityRule(db, auth));
}

/** A donor the caller may not see answers 404, as if it did not exist. */
export async function assertDonorVisible(db: Db, auth: Auth, donorId: number): Promise<void> {
  if (!(await isDonorVisible(db, donorId, await donorVisibility(db, auth)))) throw notFound();
}
