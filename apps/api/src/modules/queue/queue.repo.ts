import {
  type DonorQueueState,
  OPEN_MATCH_STATUSES,
  type RoleId,
  type UserStatus,
  WAITING_MATCH_STATUSES,
} from '@dm/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  type CenterSettings,
  centerSettings,
  centers,
  donorDisplayIdSql,
  donors,
  donorWatches,
  donorWatchSends,
  matches,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { notifiedUserColumns } from '../../platform/session-user.js';

/** Queries only; the rules are in queue.service.ts and queue.jobs.ts. */

const waiting = sql.join(
  WAITING_MATCH_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The parent's open matches with her place among the donor's waiting matches of the same queue
 * type, computed from the order at read time (request time, then id: the order settleDonor
 * numbers them in), so a place is true even if a stored number were stale; an Active match has
 * no place. `of` counts the waiting matches of that queue; nothing names the others.
 */
export async function placesOf(db: Db, parentId: number, donorId?: number) {
  const rows = await db
    .select({
      matchId: matches.id,
      donorId: matches.donorId,
      donorDisplayId: donorDisplayIdSql,
      status: matches.status,
      queueType: matches.queueType,
      place: sql<number | null>`case when ${matches.status} in (${waiting}) then (
        select count(*)::int from matches o
        where o.donor_id = ${matches.donorId} and o.queue_type = ${matches.queueType}
          and o.status in (${waiting})
          and (o.requested_at, o.id) <= (${matches.requestedAt}, ${matches.id})) end`,
      of: sql<number>`(select count(*)::int from matches o
        where o.donor_id = ${matches.donorId} and o.queue_type = ${matches.queueType}
          and o.status in (${waiting}))`,
    })
    .from(matches)
    .innerJoin(donors, eq(donors.userId, matches.donorId))
    .where(
      and(
        eq(matches.parentId, parentId),
        inArray(matches.status, [...OPEN_MATCH_STATUSES]),
        donorId === undefined ? undefined : eq(matches.donorId, donorId),
      ),
    )
    .orderBy(asc(matches.requestedAt), asc(matches.id));
  return rows.map((r) => ({ ...r, donorDisplayId: String(r.donorDisplayId) }));
}

/** The user's watched donors, newest first. */
export function watchesOf(db: Db, userId: number, donorId?: number) {
  return db
    .select({
      donorId: donorWatches.donorId,
      donorDisplayId: sql<string>`${donorDisplayIdSql}::text`,
      donorAvailability: donors.availability,
      queueType: donorWatches.queueType,
      createdAt: donorWatches.createdAt,
      notifiedAt: donorWatches.notifiedAt,
    })
    .from(donorWatches)
    .innerJoin(donors, eq(donors.userId, donorWatches.donorId))
    .where(
      and(
        eq(donorWatches.userId, userId),
        donorId === undefined ? undefined : eq(donorWatches.donorId, donorId),
      ),
    )
    .orderBy(sql`${donorWatches.createdAt} desc`, sql`${donorWatches.id} desc`);
}

/** Switches a watch on (a second switch-on keeps the first row and its round). */
export async function insertWatch(
  db: Db,
  row: { userId: number; donorId: number; queueType: string; at: Date },
): Promise<void> {
  await db
    .insert(donorWatches)
    .values({ userId: row.userId, donorId: row.donorId, queueType: row.queueType, createdAt: row.at })
    .onConflictDoNothing();
}

export async function deleteWatch(db: Db, userId: number, donorId: number): Promise<void> {
  await db
    .delete(donorWatches)
    .where(and(eq(donorWatches.userId, userId), eq(donorWatches.donorId, donorId)));
}

/** What decides whether the donor takes requests now, with her center's limits. */
export async function donorQueueState(
  db: Db,
  donorId: number,
): Promise<{ state: DonorQueueState; settings: CenterSettings; centerId: number } | null> {
  const [d] = await db
    .select({
      availability: donors.availability,
      donationCount: donors.donationCount,
      centerId: donors.centerId,
      settings: centers.settings,
    })
    .from(donors)
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(eq(donors.userId, donorId));
  if (!d) return null;
  const open = await db
    .select({ queueType: matches.queueType, status: matches.status })
    .from(matches)
    .where(and(eq(matches.donorId, donorId), inArray(matches.status, [...OPEN_MATCH_STATUSES])));
  return {
    state: {
      availability: d.availability,
      donationCount: d.donationCount,
      open: open.map((m) => ({ queueType: m.queueType, active: m.status === 'Active' })),
    },
    settings: centerSettings(d.settings),
    centerId: d.centerId,
  };
}

/** Whether the parent has an open match with the donor. */
export async function hasOpenMatch(db: Db, parentId: number, donorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.parentId, parentId),
        eq(matches.donorId, donorId),
        inArray(matches.status, [...OPEN_MATCH_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A batch of watches after `afterId` in id order (the job's walk). */
export function watchBatch(db: Db, afterId: number, limit: number) {
  return db
    .select({
      id: donorWatches.id,
      userId: donorWatches.userId,
      donorId: donorWatches.donorId,
      queueType: donorWatches.queueType,
      round: donorWatches.round,
      armed: donorWatches.armed,
    })
    .from(donorWatches)
    .where(gt(donorWatches.id, afterId))
    .orderBy(asc(donorWatches.id))
    .limit(limit);
}

/** The watch, locked FOR UPDATE SKIP LOCKED while still armed for `round` (null: taken or done). */
export async function lockArmedWatch(tx: Db, id: number, round: number) {
  const [row] = await tx
    .select({ id: donorWatches.id })
    .from(donorWatches)
    .where(and(eq(donorWatches.id, id), eq(donorWatches.round, round), eq(donorWatches.armed, true)))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** Records the telling of a round; false when it was recorded before (nothing is sent then). */
export async function claimSend(
  tx: Db,
  row: { watchId: number; round: number; at: Date; emailed: boolean; texted: boolean },
): Promise<boolean> {
  const inserted = await tx
    .insert(donorWatchSends)
    .values({
      watchId: row.watchId,
      round: row.round,
      sentAt: row.at,
      emailed: row.emailed,
      texted: row.texted,
    })
    .onConflictDoNothing()
    .returning({ id: donorWatchSends.id });
  return inserted.length > 0;
}

export async function setSendChannels(
  tx: Db,
  watchId: number,
  round: number,
  channels: { emailed: boolean; texted: boolean },
): Promise<void> {
  await tx
    .update(donorWatchSends)
    .set(channels)
    .where(and(eq(donorWatchSends.watchId, watchId), eq(donorWatchSends.round, round)));
}

export async function disarm(tx: Db, id: number, at: Date | null): Promise<void> {
  await tx
    .update(donorWatches)
    .set({ armed: false, ...(at ? { notifiedAt: at } : {}) })
    .where(eq(donorWatches.id, id));
}

/** The donor closed again: the next round is armed (only once, whoever gets there first). */
export async function rearm(db: Db, id: number, round: number): Promise<void> {
  await db
    .update(donorWatches)
    .set({ armed: true, round: round + 1 })
    .where(and(eq(donorWatches.id, id), eq(donorWatches.round, round), eq(donorWatches.armed, false)));
}

/** The watching parent as the policy reads a caller, with what the telling needs. */
export async function watcher(db: Db, userId: number) {
  const [r] = await db
    .select({
      ...notifiedUserColumns,
    })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(eq(users.id, userId));
  if (!r) return null;
  return {
    ...r,
    role: r.role as RoleId,
    status: r.status as UserStatus,
    wantsTexts: r.wantsTexts === true,
    settings: centerSettings(r.settings),
  };
}
export type Watcher = NonNullable<Awaited<ReturnType<typeof watcher>>>;

/** The donor's ids as donorDisplayId reads them. */
export async function donorIds(db: Db, donorId: number) {
  const [row] = await db
    .select({ agencyDisplayId: donors.agencyDisplayId, displayId: donors.displayId })
    .from(donors)
    .where(eq(donors.userId, donorId));
  return row ?? { agencyDisplayId: null, displayId: null };
}
