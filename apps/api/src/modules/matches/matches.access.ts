import {
  donorDisplayId,
  type MatchRow,
  type MatchStatus,
  takesPartInMatches,
  usesMatchStaffTools,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import * as repo from './matches.repo.js';

// Who takes part in matches and how a match reads: every part of the matches module uses these.

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets' | 'realtime'>;

export const isStaffRole = usesMatchStaffTools;

export function assertMatchRole(auth: Auth): void {
  if (!takesPartInMatches(auth)) throw forbidden();
}

export function rowOf(r: repo.MatchRecord, showDonorName: boolean): MatchRow {
  return {
    matchId: r.matchId,
    donorId: r.donorId,
    donorDisplayId: donorDisplayId({
      agencyDisplayId: r.donorAgencyDisplayId,
      displayId: r.donorDisplayId,
      id: r.donorId,
    }),
    donorName: showDonorName ? `${r.donorFirstName} ${r.donorLastName}`.trim() : '',
    donorAvailability: r.donorAvailability,
    donorCenterId: r.donorCenterId,
    parentId: r.parentId,
    parentFirstName: r.parentFirstName,
    parentLastName: r.parentLastName,
    ipAgencyName: r.ipAgencyName,
    parentCenterId: r.parentCenterId,
    portfolioId: r.portfolioId,
    queueType: r.queueType,
    status: r.status as MatchStatus,
    queuePosition: r.queuePosition,
    cancelReason: r.cancelReason,
    requestedAt: r.requestedAt.toISOString(),
    statusChangedAt: r.statusChangedAt.toISOString(),
  };
}

/** The donor of a staff action: it must belong to the caller's center (another center's is 404). */
export async function staffDonor(db: Db, auth: Auth, donorId: number) {
  if (!isStaffRole(auth)) throw forbidden();
  const row = await repo.donorWithCenter(db, donorId);
  if (!row || row.donor.centerId !== auth.centerId) throw notFound();
  return row;
}
