import type { SiteTourOutcome, SiteTourState } from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import * as repo from './site-tour.repo.js';

export type SiteTourDeps = Pick<ModuleDeps, 'db' | 'clock'>;

// The site tour (/site-tour, decision 025): offered on the first visit until it was
// finished or skipped, remembered per user on the server so every device agrees.

/** GET sitetourstatus */
export async function siteTourState(deps: SiteTourDeps, auth: Auth): Promise<SiteTourState> {
  const row = await repo.tourViewOf(deps.db, auth.userId);
  return { seen: row !== undefined, outcome: row?.outcome ?? null };
}

/** POST sitetourseen {outcome}: not offered again; a skip never undoes a finish. */
export async function markSiteTourSeen(
  deps: SiteTourDeps,
  auth: Auth,
  body: { outcome: SiteTourOutcome },
): Promise<SiteTourState> {
  const before = await repo.tourViewOf(deps.db, auth.userId);
  if (!(before?.outcome === 'finished' && body.outcome === 'skipped'))
    await repo.recordTourView(deps.db, auth.userId, body.outcome, deps.clock.now());
  return siteTourState(deps, auth);
}
