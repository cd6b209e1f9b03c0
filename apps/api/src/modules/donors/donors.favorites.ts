import { type CompareDonor, canReadFavoritesOf, type FavoriteDonor, isStaff, MSG } from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { donorVisibility } from '../donor-access/index.js';
import { auditRead, type Deps, loadVisible, summaryOf, visibilityFor } from './donors.access.js';
import * as repo from './donors.repo.js';

// Donor cards for favourites and the comparison.

// --- favourites

/**
 * GET getfavoritelist/{id}: one's own favourites; a case manager (or admin) may open those of a
 * client of their own center. Another center's client answers 404.
 */
export async function favoriteList(
  deps: Deps,
  auth: Auth,
  userId: number | undefined,
): Promise<FavoriteDonor[]> {
  const owner = userId ?? auth.userId;
  if (owner !== auth.userId) {
    if (!isStaff(auth)) throw notFound();
    const client = await repo.userById(deps.db, owner);
    if (
      !client ||
      !canReadFavoritesOf(auth, { userId: client.id, role: client.role, centerId: client.centerId })
    ) {
      throw notFound();
    }
    await audit(deps.db, auth, { action: 'favorites.read', entityType: 'user', entityId: owner });
  }
  const rows = await repo.favoritesOf(deps.db, owner, await donorVisibility(deps.db, auth));
  return rows.map((r) => ({ ...summaryOf(deps, auth, r), favoritedAt: r.favoritedAt.toISOString() }));
}

export async function saveFavorite(deps: Deps, auth: Auth, donorId: number): Promise<{ added: boolean }> {
  const { donor } = await loadVisible(deps, auth, donorId);
  return deps.db.transaction(async (tx) => {
    const rows = await repo.addFavorite(tx, auth.userId, donorId, deps.clock.now());
    if (rows.length > 0) {
      await audit(tx, auth, {
        action: 'favorite.add',
        entityType: 'donor',
        entityId: donorId,
        centerId: donor.centerId,
      });
    }
    return { added: rows.length > 0 };
  });
}

export async function removeFavorite(deps: Deps, auth: Auth, donorId: number): Promise<{ removed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const rows = await repo.removeFavorite(tx, auth.userId, donorId);
    if (rows.length === 0) throw notFound();
    await audit(tx, auth, { action: 'favorite.remove', entityType: 'donor', entityId: donorId });
    return { removed: true };
  });
}

// --- comparison

export const COMPARE_MAX = 3;

export async function compareDonors(deps: Deps, auth: Auth, donorIds: number[]): Promise<CompareDonor[]> {
  const ids = [...new Set(donorIds)];
  if (ids.length === 0) throw badRequest(MSG.COMPARE_MINIMUM);
  if (ids.length > COMPARE_MAX) throw badRequest(MSG.COMPARE_LIMIT);
  const rows = await repo.compareRows(deps.db, ids, await donorVisibility(deps.db, auth));
  if (rows.length !== ids.length) throw notFound();
  const [races, ethnicities] = await Promise.all([
    repo.raceNamesOf(deps.db, ids),
    repo.ethnicityNamesOf(deps.db, ids),
  ]);
  for (const id of ids) {
    const row = rows.find((r) => r.donorId === id)!;
    await auditRead(deps, auth, id, row.centerId, 'compare');
  }
  return ids.map((id) => {
    const row = rows.find((r) => r.donorId === id)!;
    const see = visibilityFor(auth, row.donorId, row.centerId, row.centerSettings);
    return {
      ...summaryOf(deps, auth, row),
      compensation: see.compensation ? row.compensation : null,
      races: races.filter((r) => r.donorId === id).map((r) => r.name),
      ethnicities: ethnicities.filter((r) => r.donorId === id).map((r) => r.name),
      religion: row.religion,
      previousDonor: row.previousDonor,
      provenFertility: row.provenFertility,
      amhValue: row.amhValue,
      donationCount: row.donationCount,
    };
  });
}
