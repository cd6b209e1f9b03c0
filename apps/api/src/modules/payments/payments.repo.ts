import { type BillRow, OPEN_MATCH_STATUSES, type SubscriptionStatus } from '@dm/shared';
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  centers,
  coupons,
  matches,
  paymentAccounts,
  paymentBills,
  paymentRequests,
  paymentWebhookEvents,
  subscriptions,
  users,
} from '../../db/schema/index.js';
import { type Db, escapeLike } from '../../platform/db.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BillRecord = typeof paymentBills.$inferSelect;
export type AccountRow = typeof paymentAccounts.$inferSelect;
export type NewBill = typeof paymentBills.$inferInsert;

// --- accounts, coupons, users

export async function findAccount(db: Db, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  return row;
}

export async function saveAccount(db: Db, row: typeof paymentAccounts.$inferInsert): Promise<void> {
  const { userId: _id, createdAt: _created, ...changes } = row;
  await db
    .insert(paymentAccounts)
    .values(row)
    .onConflictDoUpdate({ target: paymentAccounts.userId, set: changes });
}

export async function markTrialUsed(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(paymentAccounts)
    .set({ trialUsedAt: at, updatedAt: at })
    .where(and(eq(paymentAccounts.userId, userId), isNull(paymentAccounts.trialUsedAt)));
}

export async function findCoupon(db: Db, code: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

export async function insertCoupon(db: Db, row: typeof coupons.$inferInsert): Promise<void> {
  await db.insert(coupons).values(row).onConflictDoNothing();
}

export interface PayerRow {
  id: number;
  role: number;
  status: string;
  centerId: number;
  parentId: number | null;
  managerId: number | null;
  username: string;
  firstName: string;
  lastName: string;
  payments: boolean;
}

/** A user with her center's payments flag; `lock` holds her row for the rest of the transaction. */
export async function findPayer(db: Db, userId: number, lock = false): Promise<PayerRow | undefined> {
  const query = db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      centerId: users.centerId,
      parentId: users.parentId,
      managerId: users.managerId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      payments: centers.payments,
    })
    .from(users)
    .innerJoin(centers, eq(centers.id, users.centerId))
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row;
}

/** The member and her signed-up secondary parents become Active with their case manager. */
export async function activateMember(db: Db, holderId: number, managerId: number, at: Date): Promise<void> {
  await db.update(users).set({ status: 'Active', managerId, updatedAt: at }).where(eq(users.id, holderId));
  await db
    .update(users)
    .set({ status: 'Active', updatedAt: at })
    .where(and(eq(users.parentId, holderId), eq(users.status, 'Pre-Active')));
}

// --- subscriptions

export async function liveSubscriptionOf(
  db: Db,
  userId: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['incomplete', 'trialing', 'active', 'past_due']),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The holder's newest subscription, live or ended. */
export async function latestSubscriptionOf(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

export async function subscriptionByRef(
  db: Db,
  provider: string,
  ref: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, ref)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertSubscription(
  db: Db,
  row: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  return inserted!;
}

export async function updateSubscription(
  db: Db,
  id: number,
  changes: Partial<typeof subscriptions.$inferInsert>,
): Promise<void> {
  await db.update(subscriptions).set(changes).where(eq(subscriptions.id, id));
}

/**
 * Claims local subscriptions whose period has ended (the renewal pass): held for `leaseMs` by
 * renewal_claimed_at, skipping rows another process holds.
 */
export async function claimDueSubscriptions(
  db: Db,
  provider: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<SubscriptionRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, provider),
          inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
          lte(subscriptions.currentPeriodEnd, now),
          or(
            isNull(subscriptions.renewalClaimedAt),
            lte(subscriptions.renewalClaimedAt, new Date(now.getTime() - leaseMs)),
          ),
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(subscriptions)
      .set({ renewalClaimedAt: now })
      .where(
        inArray(
          subscriptions.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

// --- bills

export async function insertBill(db: Db, row: NewBill): Promise<BillRecord | undefined> {
  const [inserted] = await db.insert(paymentBills).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function billByRef(
  db: Db,
  provider: string,
  ref: string,
  lock = false,
): Promise<BillRecord | undefined> {
  const query = db
    .select()
    .from(paymentBills)
    .where(and(eq(paymentBills.provider, provider), eq(paymentBills.providerRef, ref)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findBill(db: Db, id: number, lock = false): Promise<BillRecord | undefined> {
  const query = db.select().from(paymentBills).where(eq(paymentBills.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateBill(db: Db, id: number, changes: Partial<NewBill>): Promise<void> {
  await db.update(paymentBills).set(changes).where(eq(paymentBills.id, id));
}

export async function paidMatchFee(db: Db, matchId: number): Promise<BillRecord | undefined> {
  const [row] = await db
    .select()
    .from(paymentBills)
    .where(
      and(
        eq(paymentBills.matchId, matchId),
        eq(paymentBills.kind, 'match_fee'),
        eq(paymentBills.status, 'paid'),
      ),
    );
  return row;
}

const billColumns = {
  id: paymentBills.id,
  kind: paymentBills.kind,
  description: paymentBills.description,
  status: paymentBills.status,
  subtotalCents: paymentBills.subtotalCents,
  discountCents: paymentBills.discountCents,
  totalCents: paymentBills.totalCents,
  couponCode: paymentBills.couponCode,
  paidVia: paymentBills.paidVia,
  cardLast4: paymentBills.cardLast4,
  createdAt: sql<string>`to_char(${paymentBills.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  paidAt: sql<
    string | null
  >`to_char(${paymentBills.paidAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  userId: paymentBills.userId,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  username: users.username,
  matchId: paymentBills.matchId,
};

/** A holder's bills (the subscription tab), newest first; failed attempts left out. */
export async function billsOfUser(db: Db, userId: number, limit: number): Promise<BillRow[]> {
  return db
    .select(billColumns)
    .from(paymentBills)
    .innerJoin(users, eq(users.id, paymentBills.userId))
    .where(and(eq(paymentBills.userId, userId), inArray(paymentBills.status, ['paid', 'open', 'refunded'])))
    .orderBy(desc(paymentBills.createdAt), desc(paymentBills.id))
    .limit(limit);
}

export interface BillScope {
  centerId: number;
  /** A case manager's own clients only. */
  managerId: number | null;
  search: string;
}

function billWhere(scope: BillScope): SQL | undefined {
  const search = scope.search.trim();
  return and(
    eq(paymentBills.centerId, scope.centerId),
    inArray(paymentBills.status, ['paid', 'open', 'refunded']),
    scope.managerId === null ? undefined : eq(users.managerId, scope.managerId),
    search
      ? sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.username}) ilike ${`%${escapeLike(search)}%`}`
      : undefined,
  );
}

const BILL_SORT = {
  createdAt: paymentBills.createdAt,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  amount: paymentBills.totalCents,
  kind: paymentBills.kind,
  status: paymentBills.status,
} as const;

export async function centerBills(
  db: Db,
  scope: BillScope,
  page: { from: number; to: number; sort: keyof typeof BILL_SORT; ord: 'asc' | 'desc' },
): Promise<{ rows: BillRow[]; count: number }> {
  const where = billWhere(scope);
  const order = page.ord === 'asc' ? asc(BILL_SORT[page.sort]) : desc(BILL_SORT[page.sort]);
  const rows = await db
    .select(billColumns)
    .from(paymentBills)
    .innerJoin(users, eq(users.id, paymentBills.userId))
    .where(where)
    .orderBy(order, desc(paymentBills.id))
    .offset(page.from)
    .limit(page.to);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentBills)
    .innerJoin(users, eq(users.id, paymentBills.userId))
    .where(where);
  return { rows, count: total?.n ?? 0 };
}

// --- matches and unpaid invoices

/** The parent's own open match (checkforvalidmatchid), with its centers. */
export async function openMatchOf(db: Db, matchId: number, parentId: number) {
  const [row] = await db
    .select({ id: matches.id, donorId: matches.donorId, parentCenterId: matches.parentCenterId })
    .from(matches)
    .where(
      and(
        eq(matches.id, matchId),
        eq(matches.parentId, parentId),
        inArray(matches.status, [...OPEN_MATCH_STATUSES]),
      ),
    );
  return row;
}

/** An open match of a parent of `centerId` (an offline payment of its fee), locked. */
export async function openMatchOfCenter(db: Db, matchId: number, centerId: number) {
  const [row] = await db
    .select({ id: matches.id, parentId: matches.parentId, parentCenterId: matches.parentCenterId })
    .from(matches)
    .where(
      and(
        eq(matches.id, matchId),
        eq(matches.parentCenterId, centerId),
        inArray(matches.status, [...OPEN_MATCH_STATUSES]),
      ),
    )
    .for('update');
  return row;
}

// --- idempotency keys and webhook events

export async function claimRequest(
  db: Db,
  userId: number,
  key: string,
  endpoint: string,
  at: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(paymentRequests)
    .values({ userId, key, endpoint, status: 'pending', claimedAt: at })
    .onConflictDoNothing()
    .returning({ id: paymentRequests.id });
  return inserted.length > 0;
}

export async function findRequest(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.key, key)));
  return row;
}

/** Takes over a pending request whose first try stopped (claimed before `staleBefore`). */
export async function takeOverRequest(db: Db, id: number, staleBefore: Date, at: Date): Promise<boolean> {
  const rows = await db
    .update(paymentRequests)
    .set({ claimedAt: at })
    .where(
      and(
        eq(paymentRequests.id, id),
        eq(paymentRequests.status, 'pending'),
        lte(paymentRequests.claimedAt, staleBefore),
      ),
    )
    .returning({ id: paymentRequests.id });
  return rows.length > 0;
}

export async function finishRequest(
  db: Db,
  userId: number,
  key: string,
  answer: unknown,
  at: Date,
): Promise<void> {
  await db
    .update(paymentRequests)
    .set({ status: 'done', answer, finishedAt: at })
    .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.key, key)));
}

export async function dropRequest(db: Db, userId: number, key: string): Promise<void> {
  await db
    .delete(paymentRequests)
    .where(
      and(
        eq(paymentRequests.userId, userId),
        eq(paymentRequests.key, key),
        eq(paymentRequests.status, 'pending'),
      ),
    );
}

/** Records a webhook event; false when it was processed before. */
export async function recordWebhookEvent(db: Db, provider: string, eventId: string, type: string, at: Date) {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({ eventId, provider, type, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}

export type { SubscriptionStatus };
