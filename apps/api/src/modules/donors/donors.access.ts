import { ageFrom, type DonorSummary, donorRedaction } from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { visibilityRule } from '../donor-access/index.js';
import * as repo from './donors.repo.js';

// What a caller may see of a donor and how a read is recorded: every part of the donors module uses these.

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'secrets' | 'config' | 'realtime' | 'storage'>;

/** What the caller may see of one donor: the donor policy with the donor's center's switches. */
export function visibilityFor(
  auth: Auth,
  donorId: number,
  donorCenterId: number,
  raw: Partial<repo.CenterSettings>,
) {
  return donorRedaction(auth, { donorId, centerId: donorCenterId }, repo.settingsWithDefaults(raw));
}

/** The donor's core row if the caller may see the donor; else 404, as if it did not exist. */
export async function loadVisible(deps: Deps, auth: Auth, donorId: number): Promise<repo.DonorCore> {
  const core = await repo.visibleDonorCore(deps.db, donorId, await visibilityRule(deps.db, auth));
  if (!core) throw notFound();
  return core;
}

export const auditRead = (deps: Deps, auth: Auth, donorId: number, centerId: number, section: string) =>
  audit(deps.db, auth, {
    action: 'donor.read',
    entityType: 'donor',
    entityId: donorId,
    centerId,
    details: { section },
  });

/** A donor card as the caller may see it (favourites, comparison, shared donors). */
export function summaryOf(deps: Deps, auth: Auth, row: repo.SummaryRow): DonorSummary {
  const see = visibilityFor(auth, row.donorId, row.centerId, row.centerSettings);
  return {
    donorId: row.donorId,
    displayId: row.displayId,
    agencyDisplayId: row.agencyDisplayId,
    firstName: see.firstName ? row.firstName : null,
    age: row.dateOfBirth ? ageFrom(row.dateOfBirth, deps.clock.now()) : null,
    availability: row.availability,
    donorType: see.donorType ? row.donorType : null,
    centerId: row.centerId,
    heightCm: row.heightCm,
    eyeColor: row.eyeColor,
    hairColor: row.hairColor,
    educationLevel: row.educationLevel,
    bloodGroup: row.bloodGroup,
    picture: row.pictureId ? `/api/donorfile/picture/${row.pictureId}` : null,
  };
}
