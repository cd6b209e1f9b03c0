import {
  type AgencyCountTable,
  type CaseManagerRow,
  type CaseManagerSort,
  type CountList,
  DASHBOARD_MONTHS,
  DASHBOARD_PORTFOLIO_STATUSES,
  DONOR_AVAILABILITY,
  type MonthlyCounts,
  PORTFOLIO_STATUSES,
  ROLE,
  STAT_DONOR_TYPE_LABEL,
  STAT_DONOR_TYPES,
  STAT_USER_TYPE_LABEL,
  STAT_USER_TYPES,
  type StatUserType,
  statStatusesFor,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { centerInScope } from '../centers/centers.service.js';
import * as repo from './statistics.repo.js';

type StatsDeps = Pick<ModuleDeps, 'db' | 'clock'>;

/**
 * The center a statistic counts: an admin always counts their own (naming another answers
 * 404); the master admin counts every center, or the one named (an unknown one answers 404).
 */
const scopeOf = (deps: StatsDeps, auth: Auth, centerId: number | null) =>
  centerInScope(deps.db, auth, centerId);

function toMonthly(
  rows: repo.MonthlyRow[],
  keys: readonly string[],
  label: (key: string) => string,
): MonthlyCounts {
  const months = [...new Set(rows.map((r) => r.month))].sort();
  const index = new Map(months.map((m, i) => [m, i]));
  const series = keys.map((key) => ({
    key,
    label: label(key),
    added: months.map(() => 0),
    cumulative: months.map(() => 0),
  }));
  const byKey = new Map(series.map((s) => [s.key, s]));
  for (const r of rows) {
    const s = byKey.get(r.key);
    const i = index.get(r.month);
    if (!s || i === undefined) continue;
    s.added[i] = r.added;
    s.cumulative[i] = r.cumulative;
  }
  return { months, series };
}

/** POST usercountbymonth: users per statistic type over the last 12 months, cumulative. */
export async function userCountByMonth(
  deps: StatsDeps,
  auth: Auth,
  centerId: number | null,
): Promise<MonthlyCounts> {
  const scope = await scopeOf(deps, auth, centerId);
  const rows = await repo.usersByMonth(deps.db, scope, STAT_USER_TYPES, deps.clock.now(), DASHBOARD_MONTHS);
  return toMonthly(rows, STAT_USER_TYPES.map(String), (k) => STAT_USER_TYPE_LABEL[Number(k) as StatUserType]);
}

/** POST portfolioCountByMonth: portfolios per state over the last 12 months, cumulative. */
export async function portfolioCountByMonth(
  deps: StatsDeps,
  auth: Auth,
  centerId: number | null,
): Promise<MonthlyCounts> {
  const scope = await scopeOf(deps, auth, centerId);
  const rows = await repo.portfoliosByMonth(
    deps.db,
    scope,
    DASHBOARD_PORTFOLIO_STATUSES,
    deps.clock.now(),
    DASHBOARD_MONTHS,
  );
  return toMonthly(rows, DASHBOARD_PORTFOLIO_STATUSES, (k) => k);
}

/** POST getcasemanagersdetails: the case managers of the center, sorted. */
export async function caseManagers(
  deps: StatsDeps,
  auth: Auth,
  body: { center_id: number | null; sort: CaseManagerSort; ord: 'asc' | 'desc'; search: string },
): Promise<CaseManagerRow[]> {
  const scope = await scopeOf(deps, auth, body.center_id);
  return repo.caseManagers(deps.db, scope, body.sort, body.ord, ROLE.MANAGER, ROLE.CLIENT, body.search);
}

function countList(
  rows: repo.KeyCount[],
  keys: readonly string[],
  label: (k: string) => string,
  year: number | null,
) {
  const found = new Map(rows.map((r) => [r.key, r.count]));
  const items = keys.map((key) => ({ key, label: label(key), count: found.get(key) ?? 0 }));
  return { year, items, total: items.reduce((sum, i) => sum + i.count, 0) } satisfies CountList;
}

/** POST donoravailabilitycount: donors (not archived) per availability. */
export async function donorAvailabilityCount(
  deps: StatsDeps,
  auth: Auth,
  centerId: number | null,
): Promise<CountList> {
  const scope = await scopeOf(deps, auth, centerId);
  const rows = await repo.donorAvailability(deps.db, scope);
  return countList(rows, DONOR_AVAILABILITY, (k) => k, null);
}

function startOfYear(now: Date): { year: number; cut: Date } {
  const year = now.getUTCFullYear();
  return { year, cut: new Date(Date.UTC(year, 0, 1)) };
}

/** POST usercountbeforecurrentyear: users per statistic type created before 1 January. */
export async function userCountBeforeCurrentYear(
  deps: StatsDeps,
  auth: Auth,
  centerId: number | null,
): Promise<CountList> {
  const scope = await scopeOf(deps, auth, centerId);
  const { year, cut } = startOfYear(deps.clock.now());
  const rows = await repo.usersBefore(deps.db, scope, cut);
  return countList(
    rows,
    STAT_USER_TYPES.map(String),
    (k) => STAT_USER_TYPE_LABEL[Number(k) as StatUserType],
    year,
  );
}

/** POST portfoliocountbeforecurrentyear: portfolios per state created before 1 January. */
export async function portfolioCountBeforeCurrentYear(
  deps: StatsDeps,
  auth: Auth,
  centerId: number | null,
): Promise<CountList> {
  const scope = await scopeOf(deps, auth, centerId);
  const { year, cut } = startOfYear(deps.clock.now());
  const rows = await repo.portfoliosBefore(deps.db, scope, cut);
  return countList(rows, PORTFOLIO_STATUSES, (k) => k, year);
}

function agencyTable(
  rows: repo.AgencyKeyCount[],
  keys: readonly string[],
  columns: string[],
): AgencyCountTable {
  const out = new Map<number, AgencyCountTable['rows'][number]>();
  for (const r of rows) {
    let row = out.get(r.centerId);
    if (!row) {
      row = { centerId: r.centerId, name: r.name, counts: keys.map(() => 0), total: 0 };
      out.set(r.centerId, row);
    }
    const i = r.key === null ? -1 : keys.indexOf(r.key);
    if (i >= 0) {
      row.counts[i] = r.count;
      row.total += r.count;
    }
  }
  return { columns, rows: [...out.values()] };
}

/** POST countuserbyagency: users of one statistic type per center and status. */
export async function countUserByAgency(
  deps: StatsDeps,
  auth: Auth,
  body: { center_id: number | null; user_type: StatUserType },
): Promise<AgencyCountTable> {
  const scope = await scopeOf(deps, auth, body.center_id);
  const statuses = statStatusesFor(body.user_type);
  const rows = await repo.usersPerAgency(deps.db, scope, body.user_type);
  return agencyTable(rows, statuses, statuses);
}

/** POST portfolioscount: portfolios per center and status. */
export async function portfoliosCount(deps: StatsDeps, auth: Auth, centerId: number | null) {
  const scope = await scopeOf(deps, auth, centerId);
  const rows = await repo.portfoliosPerAgency(deps.db, scope);
  return agencyTable(rows, PORTFOLIO_STATUSES, [...PORTFOLIO_STATUSES]);
}

/** POST donorstypescount: donors (not archived) per center and donor type. */
export async function donorTypesCount(deps: StatsDeps, auth: Auth, centerId: number | null) {
  const scope = await scopeOf(deps, auth, centerId);
  const rows = await repo.donorTypesPerAgency(deps.db, scope);
  return agencyTable(
    rows,
    STAT_DONOR_TYPES,
    STAT_DONOR_TYPES.map((t) => STAT_DONOR_TYPE_LABEL[t]),
  );
}
