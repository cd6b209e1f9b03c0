import {
  type MatchGridBody,
  type MatchPage,
  type MatchReportBody,
  type MatchRow,
  matchGridBody,
  matchReportBody,
  statusesForFilters,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import { forbidden } from '../../platform/errors.js';
import { type Deps, isStaffRole, rowOf } from './matches.access.js';
import * as repo from './matches.repo.js';

// The match grids and the cancelled report, as pages and as streamed CSV.

type GridScope = 'donorCenter' | 'parentCenter';

function gridWhere(
  auth: Auth,
  scope: GridScope,
  b: ReturnType<typeof matchGridBody.parse>,
): repo.MatchFilter {
  // The caller's center on its side of the match; the center picked in the grid on the other.
  const other = b.center || undefined;
  return {
    donorCenterId: scope === 'donorCenter' ? auth.centerId : other,
    parentCenterId: scope === 'donorCenter' ? other : auth.centerId,
    statuses: statusesForFilters(b.match_status_filter),
    donorAvailabilities: b.donor_availability,
    search: b.search,
  };
}

/**
 * getotheragenciesmatchrequestedip (scope donorCenter: requests for the caller's center's donors,
 * from any agency) and getmatchrequestedipwithotheragencies (scope parentCenter: the caller's
 * center's parents' requests, tracked on /trackmatchrequests). from/to are row offsets.
 */
export async function matchGrid(
  deps: Deps,
  auth: Auth,
  scope: GridScope,
  input: MatchGridBody,
): Promise<MatchPage> {
  if (!isStaffRole(auth)) throw forbidden();
  const b = matchGridBody.parse(input);
  const limit = Math.max(1, Math.min(100, b.to - b.from));
  const page = await repo.matchPage(deps.db, gridWhere(auth, scope, b), b.sort, b.ord, b.from, limit);
  return { total: page.total, rows: page.rows.map((r) => rowOf(r, r.donorCenterId === auth.centerId)) };
}

/** The columns of the match CSV exports (the grid's columns). */
export const MATCH_CSV_HEADER = [
  'Match ID',
  'Donor ID',
  'Donor name',
  'Donor availability',
  'Intended parent',
  'IP agency',
  'Queue type',
  'Match status',
  'Queue number',
  'Cancel reason',
  'Requested at',
  'Updated at',
] as const;

function csvRow(r: MatchRow): unknown[] {
  return [
    r.matchId,
    r.donorDisplayId,
    r.donorName,
    r.donorAvailability,
    `${r.parentFirstName} ${r.parentLastName}`.trim(),
    r.ipAgencyName,
    r.queueType,
    r.status,
    r.queuePosition,
    r.cancelReason,
    r.requestedAt,
    r.statusChangedAt,
  ];
}

async function* csvBatches(
  batches: AsyncIterable<repo.MatchRecord[]>,
  toRow: (r: repo.MatchRecord) => MatchRow,
): AsyncGenerator<unknown[][]> {
  for await (const batch of batches) yield batch.map((r) => csvRow(toRow(r)));
}

/**
 * The CSV export of a grid: every row the filters select, not one page, streamed in batches.
 * Access and input are judged before the first byte is sent.
 */
export function matchGridCsv(
  deps: Deps,
  auth: Auth,
  scope: GridScope,
  input: MatchGridBody,
): AsyncIterable<unknown[][]> {
  if (!isStaffRole(auth)) throw forbidden();
  const b = matchGridBody.parse(input);
  return csvBatches(repo.matchBatches(deps.db, gridWhere(auth, scope, b), b.sort, b.ord), (r) =>
    rowOf(r, r.donorCenterId === auth.centerId),
  );
}

function reportWhere(auth: Auth, b: ReturnType<typeof matchReportBody.parse>): repo.MatchFilter {
  let end: Date | undefined;
  if (b.lastdate) {
    end = new Date(`${b.lastdate}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
  }
  return {
    statuses: ['Cancel Request'],
    donorCenterId: auth.centerId,
    changedFrom: b.startdate ? new Date(`${b.startdate}T00:00:00Z`) : undefined,
    changedBefore: end,
  };
}

/** The Match Cancelled Report (/donormatchreport): cancelled matches of the center's donors. */
export async function cancelledReport(deps: Deps, auth: Auth, input: MatchReportBody): Promise<MatchPage> {
  if (!isStaffRole(auth)) throw forbidden();
  const b = matchReportBody.parse(input);
  const limit = Math.max(1, Math.min(100, b.to - b.from));
  const page = await repo.matchPage(deps.db, reportWhere(auth, b), b.sort, b.ord, b.from, limit);
  return { total: page.total, rows: page.rows.map((r) => rowOf(r, true)) };
}

/** The Match Cancelled Report as a streamed CSV: the center's donors' cancelled matches. */
export function cancelledReportCsv(
  deps: Deps,
  auth: Auth,
  input: MatchReportBody,
): AsyncIterable<unknown[][]> {
  if (!isStaffRole(auth)) throw forbidden();
  const b = matchReportBody.parse(input);
  return csvBatches(repo.matchBatches(deps.db, reportWhere(auth, b), b.sort, b.ord), (r) => rowOf(r, true));
}
