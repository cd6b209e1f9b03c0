import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.js';

/**
 * Counts for the dashboard and /statistics. Each is one grouped query; `centerId` null means
 * every center (master admin). Months are calendar months in UTC.
 */

const centerFilter = (column: SQL, centerId: number | null) =>
  centerId === null ? sql`true` : sql`${column} = ${centerId}`;

export interface MonthlyRow {
  key: string;
  month: string;
  added: number;
  cumulative: number;
}

/**
 * Per key (role or portfolio status) and per month of the `months` months ending with the
 * month of `now`: rows created in that month and the running total at its end (rows created
 * before the window count from the first month on). One generate_series, one group by.
 */
async function monthly(
  db: Db,
  source: SQL,
  keys: readonly string[],
  now: Date,
  months: number,
): Promise<MonthlyRow[]> {
  return queryRows<MonthlyRow>(
    db,
    sql`
      with bounds as (
        select date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') as last_month
      ),
      months as (
        select generate_series(last_month - make_interval(months => ${months - 1}), last_month, interval '1 month') as m
        from bounds
      ),
      src as (${source}),
      counts as (
        select src.k,
               greatest(date_trunc('month', src.created_at at time zone 'UTC'),
                        (select min(m) from months) - interval '1 month') as m,
               count(*)::int as n
        from src, bounds
        where src.created_at at time zone 'UTC' < bounds.last_month + interval '1 month'
        group by 1, 2
      ),
      keys as (select unnest(${sql.raw(`array[${keys.map((k) => `'${k.replace(/'/g, "''")}'`).join(',')}]`)}::text[]) as k)
      select keys.k as key,
             to_char(months.m, 'YYYY-MM') as month,
             coalesce(c.n, 0)::int as added,
             (coalesce(b.n, 0) + sum(coalesce(c.n, 0)) over (partition by keys.k order by months.m))::int as cumulative
      from keys
      cross join months
      left join counts c on c.k = keys.k and c.m = months.m
      left join counts b on b.k = keys.k and b.m = (select min(m) from months) - interval '1 month'
      order by keys.k, months.m`,
  );
}

export function usersByMonth(
  db: Db,
  centerId: number | null,
  roles: readonly number[],
  now: Date,
  months: number,
) {
  return monthly(
    db,
    sql`select u.role::text as k, u.created_at from users u where ${centerFilter(sql`u.center_id`, centerId)}`,
    roles.map(String),
    now,
    months,
  );
}

export function portfoliosByMonth(
  db: Db,
  centerId: number | null,
  statuses: readonly string[],
  now: Date,
  months: number,
) {
  return monthly(
    db,
    sql`select p.status as k, p.created_at from portfolios p where ${centerFilter(sql`p.center_id`, centerId)}`,
    statuses,
    now,
    months,
  );
}

export interface KeyCount {
  key: string;
  count: number;
}

/** Donors (not archived) per availability. */
export function donorAvailability(db: Db, centerId: number | null) {
  return queryRows<KeyCount>(
    db,
    sql`select d.availability as key, count(*)::int as count
        from donors d
        where not d.archived and ${centerFilter(sql`d.center_id`, centerId)}
        group by d.availability`,
  );
}

/** Users per role created before `cut`. */
export function usersBefore(db: Db, centerId: number | null, cut: Date) {
  return queryRows<KeyCount>(
    db,
    sql`select u.role::text as key, count(*)::int as count
        from users u
        where u.created_at < ${cut.toISOString()}::timestamptz and ${centerFilter(sql`u.center_id`, centerId)}
        group by u.role`,
  );
}

/** Portfolios per status created before `cut`. */
export function portfoliosBefore(db: Db, centerId: number | null, cut: Date) {
  return queryRows<KeyCount>(
    db,
    sql`select p.status as key, count(*)::int as count
        from portfolios p
        where p.created_at < ${cut.toISOString()}::timestamptz and ${centerFilter(sql`p.center_id`, centerId)}
        group by p.status`,
  );
}

export interface AgencyKeyCount {
  centerId: number;
  name: string;
  key: string | null;
  count: number;
}

/** Every center (or one) with its rows of `source` (k, center_id) counted per key. */
function perAgency(db: Db, centerId: number | null, source: SQL) {
  return queryRows<AgencyKeyCount>(
    db,
    sql`with src as (${source})
        select c.id as "centerId", c.name, src.k as key, count(src.center_id)::int as count
        from centers c
        left join src on src.center_id = c.id
        where ${centerFilter(sql`c.id`, centerId)}
        group by c.id, c.name, src.k
        order by lower(c.name), c.id`,
  );
}

export function usersPerAgency(db: Db, centerId: number | null, role: number) {
  return perAgency(db, centerId, sql`select u.center_id, u.status as k from users u where u.role = ${role}`);
}

export function portfoliosPerAgency(db: Db, centerId: number | null) {
  return perAgency(db, centerId, sql`select p.center_id, p.status as k from portfolios p`);
}

export function donorTypesPerAgency(db: Db, centerId: number | null) {
  return perAgency(
    db,
    centerId,
    sql`select d.center_id, d.donor_type as k from donors d where not d.archived`,
  );
}

export interface CaseManagerRecord {
  userId: number;
  name: string;
  email: string;
  status: string;
  centerName: string;
  clients: number;
  activePortfolios: number;
  createdAt: string;
}

const MANAGER_SORT: Record<string, string> = {
  name: 'lower(name)',
  email: 'lower(email)',
  status: 'status',
  clients: 'clients',
  activePortfolios: '"activePortfolios"',
  createdAt: '"createdAt"',
};

/** Case managers with their assigned clients and active portfolios (grouped joins, no per-row queries). */
export function caseManagers(
  db: Db,
  centerId: number | null,
  sort: keyof typeof MANAGER_SORT,
  ord: 'asc' | 'desc',
  managerRole: number,
  clientRole: number,
  search: string,
) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = search
    ? sql`(concat_ws(' ', m.first_name, m.last_name) ilike ${pattern} or m.username ilike ${pattern})`
    : sql`true`;
  const order = sql.raw(`${MANAGER_SORT[sort]} ${ord === 'desc' ? 'desc' : 'asc'}, "userId" asc`);
  return queryRows<CaseManagerRecord>(
    db,
    sql`select * from (
          select m.id as "userId",
                 trim(concat_ws(' ', nullif(m.first_name, ''), nullif(m.last_name, ''))) as name,
                 m.username as email,
                 m.status,
                 c.name as "centerName",
                 coalesce(cl.n, 0)::int as clients,
                 coalesce(pf.n, 0)::int as "activePortfolios",
                 to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
          from users m
          join centers c on c.id = m.center_id
          left join (select manager_id, count(*) as n from users where role = ${clientRole} group by manager_id) cl
            on cl.manager_id = m.id
          left join (select manager_id, count(*) as n from portfolios where status = 'Active' group by manager_id) pf
            on pf.manager_id = m.id
          where m.role = ${managerRole} and ${matches} and ${centerFilter(sql`m.center_id`, centerId)}
        ) t
        order by ${order}`,
  );
}
