import { DAY_MS, type SearchAlertBody, type SearchAlertData, searchFilters } from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { findSaved } from '../search/search.repo.js';
import { allMatchingDonorIds } from '../search/search.service.js';
import { runSearchAlertPass } from './search-alerts.jobs.js';
import * as repo from './search-alerts.repo.js';
import { SeenSet } from './search-alerts.seen.js';

export type SearchAlertsDeps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets' | 'realtime'>;

/**
 * PUT /savedsearchalert {search_id, alert}: switches the daily digest of one of the caller's
 * saved searches on or off (another user's search: 404). Switching on records every donor the
 * search finds now as seen, by the search's own path, so the first digest lists only donors who
 * begin to match afterwards (decision 021); switching on an alert that is on changes nothing.
 * Off deletes the alert; the donors its digests listed stay recorded, so none is listed twice.
 */
export async function setAlert(
  deps: SearchAlertsDeps,
  auth: Auth,
  body: SearchAlertBody,
): Promise<SearchAlertData> {
  const saved = await findSaved(deps.db, auth.userId, body.search_id);
  if (!saved) throw notFound();
  if (!body.alert) {
    await repo.deleteAlert(deps.db, saved.id);
    return { search_id: saved.id, alert: false };
  }
  if ((await repo.alertedSearchIds(deps.db, auth.userId)).has(saved.id))
    return { search_id: saved.id, alert: true };
  // A search that cannot run (an unknown zip code) answers its 400 here, as the search would.
  const ids = await allMatchingDonorIds(deps, auth, searchFilters.parse(saved.filters));
  await repo.insertAlert(deps.db, {
    savedSearchId: saved.id,
    userId: auth.userId,
    seen: SeenSet.of(ids).encode(),
    at: deps.clock.now(),
  });
  return { search_id: saved.id, alert: true };
}

/**
 * POST devsearchalertpass {days} (development and tests only; a production process does not
 * register the route): the caller's digest pass as if the clock were `days` days ahead (a later
 * day has no digest yet). Moves only this pass's clock.
 */
export async function devSearchAlertPass(
  deps: SearchAlertsDeps,
  auth: Auth,
  input: { days: number },
): Promise<{ at: string; digests: number; donors: number }> {
  const at = new Date(deps.clock.now().getTime() + input.days * DAY_MS);
  const result = await runSearchAlertPass(
    { db: deps.db, clock: { now: () => at }, onlyUserIds: [auth.userId] },
    { config: deps.config, secrets: deps.secrets, realtime: deps.realtime },
  );
  return { at: at.toISOString(), digests: result.digests, donors: result.donors };
}
