import {
  type BillKind,
  type OfflinePaymentRow,
  OPEN_MATCH_STATUSES,
  type UnpaidInvoiceRow,
} from '@dm/shared';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centers,
  donorDisplayIdSql,
  donors,
  matches,
  offlinePayments,
  paymentBills,
  users,
} from '../../db/schema/index.js';
import { type Db, escapeLike, queryRows } from '../../platform/db.js';

// The staff lists' queries: unpaid invoices and offline payments (payments.staff.ts).

/**
 * The unpaid invoices a center sees: the processing fee of each open match of a parent of a center
 * with payments that has no paid fee, and each open (failed renewal) bill. `side` 'donor': the
 * matches of the center's donors; 'ip': the matches and bills of the center's parents.
 */
export async function unpaidInvoices(
  db: Db,
  centerId: number,
  side: 'donor' | 'ip',
  feeCents: number,
  page: {
    from: number;
    to: number;
    sort: 'dueAt' | 'name' | 'amount' | 'kind';
    ord: 'asc' | 'desc';
    search: string;
  },
): Promise<{ rows: (Omit<UnpaidInvoiceRow, 'canPayOffline'> & { payerCenterId: number })[]; count: number }> {
  const search = page.search.trim() ? `%${escapeLike(page.search.trim())}%` : null;
  const matchSide =
    side === 'donor' ? sql`m.donor_center_id = ${centerId}` : sql`m.parent_center_id = ${centerId}`;
  const open = sql.join(
    OPEN_MATCH_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const fees = sql`
    select 'match:' || m.id as key, 'match_fee' as kind, m.id as match_id, null::int as bill_id,
      p.id as user_id, trim(p.first_name || ' ' || p.last_name) as name, p.username as username,
      ${donorDisplayIdSql} as donor_display_id,
      ${feeCents}::int as amount_cents, m.requested_at as due_at, m.parent_center_id as payer_center_id
    from ${matches} m
    join ${users} p on p.id = m.parent_id
    join ${centers} pc on pc.id = m.parent_center_id and pc.payments
    join ${donors} on ${donors.userId} = m.donor_id
    where ${matchSide} and m.status in (${open})
      and not exists (select 1 from ${paymentBills} b where b.match_id = m.id and b.kind = 'match_fee' and b.status = 'paid')`;
  const bills = sql`
    select 'bill:' || b.id, b.kind, b.match_id, b.id, b.user_id,
      trim(p.first_name || ' ' || p.last_name), p.username, null::text,
      b.total_cents, b.created_at, b.center_id
    from ${paymentBills} b
    join ${users} p on p.id = b.user_id
    where b.status = 'open' and b.center_id = ${centerId}`;
  const union = side === 'ip' ? sql`${fees} union all ${bills}` : fees;
  const filtered = sql`select * from (${union}) u ${
    search
      ? sql`where (u.name || ' ' || u.username || ' ' || coalesce(u.donor_display_id, '')) ilike ${search}`
      : sql``
  }`;
  const sortColumn = {
    dueAt: sql`due_at`,
    name: sql`lower(name)`,
    amount: sql`amount_cents`,
    kind: sql`kind`,
  }[page.sort];
  const list = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from (${filtered}) f order by ${sortColumn} ${page.ord === 'asc' ? sql`asc` : sql`desc`}, key
      offset ${page.from} limit ${page.to}`,
  );
  const totalRows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${filtered}) f`);
  return {
    rows: list.map((r) => ({
      key: String(r.key),
      kind: r.kind as BillKind,
      matchId: r.match_id === null ? null : Number(r.match_id),
      billId: r.bill_id === null ? null : Number(r.bill_id),
      userId: Number(r.user_id),
      name: String(r.name),
      username: String(r.username),
      donorDisplayId: (r.donor_display_id as string | null) ?? null,
      amountCents: Number(r.amount_cents),
      dueAt: new Date(r.due_at as string).toISOString(),
      payerCenterId: Number(r.payer_center_id),
    })),
    count: Number(totalRows[0]?.n ?? 0),
  };
}

// --- offline payments

export async function insertOfflinePayment(
  db: Db,
  row: typeof offlinePayments.$inferInsert,
): Promise<number> {
  const [inserted] = await db.insert(offlinePayments).values(row).returning({ id: offlinePayments.id });
  return inserted!.id;
}

const recorder = alias(users, 'recorder');

const offlineColumns = {
  id: offlinePayments.id,
  billId: offlinePayments.billId,
  matchId: paymentBills.matchId,
  kind: paymentBills.kind,
  mode: offlinePayments.mode,
  paidOn: offlinePayments.paidOn,
  amountCents: paymentBills.totalCents,
  userId: paymentBills.userId,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  recordedBy: sql<string>`coalesce(trim(${recorder.firstName} || ' ' || ${recorder.lastName}), '')`,
  createdAt: sql<string>`to_char(${offlinePayments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

/** Offline payments of the center's parents, or for matches of the center's donors. */
function offlineWhere(centerId: number, search: string): SQL | undefined {
  const s = search.trim();
  return and(
    or(
      eq(offlinePayments.centerId, centerId),
      sql`exists (select 1 from ${matches} m where m.id = ${paymentBills.matchId} and m.donor_center_id = ${centerId})`,
    ),
    s
      ? sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.username}) ilike ${`%${escapeLike(s)}%`}`
      : undefined,
  );
}

const OFFLINE_SORT = {
  paidOn: offlinePayments.paidOn,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  amount: paymentBills.totalCents,
  mode: offlinePayments.mode,
} as const;

export async function offlinePaymentsOf(
  db: Db,
  centerId: number,
  page: { from: number; to: number; sort: keyof typeof OFFLINE_SORT; ord: 'asc' | 'desc'; search: string },
): Promise<{ rows: OfflinePaymentRow[]; count: number }> {
  const where = offlineWhere(centerId, page.search);
  const base = () =>
    db
      .select(offlineColumns)
      .from(offlinePayments)
      .innerJoin(paymentBills, eq(paymentBills.id, offlinePayments.billId))
      .innerJoin(users, eq(users.id, paymentBills.userId))
      .leftJoin(recorder, eq(recorder.id, offlinePayments.createdBy))
      .where(where);
  const order = page.ord === 'asc' ? asc(OFFLINE_SORT[page.sort]) : desc(OFFLINE_SORT[page.sort]);
  const rows = await base().orderBy(order, desc(offlinePayments.id)).offset(page.from).limit(page.to);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offlinePayments)
    .innerJoin(paymentBills, eq(paymentBills.id, offlinePayments.billId))
    .innerJoin(users, eq(users.id, paymentBills.userId))
    .where(where);
  return { rows, count: total?.n ?? 0 };
}

export async function offlinePaymentById(db: Db, id: number, centerId: number) {
  const [row] = await db
    .select({
      ...offlineColumns,
      message: offlinePayments.message,
      donorDisplayId: sql<
        string | null
      >`(select ${donorDisplayIdSql} from ${matches} m join ${donors} on ${donors.userId} = m.donor_id where m.id = ${paymentBills.matchId})`,
    })
    .from(offlinePayments)
    .innerJoin(paymentBills, eq(paymentBills.id, offlinePayments.billId))
    .innerJoin(users, eq(users.id, paymentBills.userId))
    .leftJoin(recorder, eq(recorder.id, offlinePayments.createdBy))
    .where(and(eq(offlinePayments.id, id), offlineWhere(centerId, '')));
  return row;
}
