import {
  ageFrom,
  canOpenDonorFile,
  DEFAULT_SEARCH_NAME,
  DEFAULT_SORT_ORDER,
  type DonorListItem,
  type DonorShortlist,
  globalSearchQuery,
  MSG,
  type PolicySubject,
  REMAINING_QUEUE_MAX,
  ROLE,
  type SavedSearch,
  type SaveSearchBody,
  type SearchAnswer,
  type SearchFilters,
  type SearchRequest,
  searchesFirstName,
  searchesLastName,
  searchFilters,
  searchNameReach,
  seesHiddenDonorFact,
  type UpdateSearchBody,
} from '@dm/shared';
import type { CenterSettings } from '../../db/schema/index.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import {
  donorVisibility,
  type VisibilityRule,
  visibilityRule,
  visibilitySql,
} from '../donor-access/index.js';
import { clearDonorIdsFor } from '../genetics/index.js';
import { alertedSearchIds } from '../search-alerts/search-alerts.repo.js';
import { widenSeen } from '../search-alerts/search-alerts.seen.js';
import { type IndexQuery, milesBetween, WEIGHT } from './search.index.columns.js';
import { donorSearchIndex } from './search.index.js';
import * as repo from './search.repo.js';
import * as pageRepo from './search-page.repo.js';

type SearchDeps = Pick<ModuleDeps, 'db' | 'clock' | 'secrets'>;

/** Queue size minus the queued matches; outside 0 to 3 the center's available spots (spec section 9). */
export function remainingQueue(queued: number, settings: CenterSettings | undefined): number {
  const queueSize = settings?.queueSize ?? 3;
  const remaining = queueSize - queued;
  return remaining >= 0 && remaining <= REMAINING_QUEUE_MAX ? remaining : (settings?.availableSpots ?? 3);
}

/** Which weights of a donor's search words the caller may see, by the donor's center. */
function nameWeights(auth: PolicySubject, hiding: readonly number[]): (centerId: number) => number {
  const hidden = new Set(hiding);
  return (centerId) =>
    WEIGHT.D |
    (searchesFirstName(auth, centerId, !hidden.has(centerId)) ? WEIGHT.A : 0) |
    (searchesLastName(auth, centerId) ? WEIGHT.B : 0);
}

/**
 * A donor-type filter of someone who may not see a center's donor types (an intended parent,
 * where the center hides them: isDonorTypeVisible) leaves that center's donors out: they match
 * no such filter, so the filter cannot tell their types.
 */
async function withoutHiddenDonorTypes(
  db: Db,
  auth: PolicySubject,
  rule: VisibilityRule,
  f: SearchFilters,
): Promise<VisibilityRule> {
  if (f.donortype.length === 0 || rule.kind !== 'client' || seesHiddenDonorFact(auth, false)) return rule;
  const hiding = new Set(await repo.centersHiding(db, 'isDonorTypeVisible'));
  return hiding.size === 0 ? rule : { ...rule, centers: rule.centers.filter((c) => !hiding.has(c)) };
}

/**
 * A set of filters for this caller, as the search index asks it. Visibility comes from the one
 * rule. The words are PostgreSQL's own reading of the text (to_tsquery), tested in memory when
 * it is a plain list of prefixes; the first name, which the index does not hold, and any other
 * reading of the text become the ids the database allows for them, tested among the donors
 * the other filters leave.
 */
async function queryOf(deps: SearchDeps, auth: PolicySubject, f: SearchFilters): Promise<IndexQuery> {
  const query = await filtersQuery(deps.db, auth, f, deps.clock.now());
  if (!f.noSharedCarrier) return query;
  // The donors whose carrier screening is clear against the parent's (staff have none).
  const clear =
    auth.role === ROLE.CLIENT
      ? await clearDonorIdsFor(deps.db, deps.secrets, auth.userId)
      : new Set<number>();
  const allowedIds = query.allowedIds ? new Set([...query.allowedIds].filter((id) => clear.has(id))) : clear;
  return { ...query, allowedIds };
}

async function filtersQuery(db: Db, auth: PolicySubject, f: SearchFilters, now: Date): Promise<IndexQuery> {
  if (!f.zipcode && f.distance !== undefined) throw badRequest(MSG.ZIP_CODE_FIRST);
  const textQuery = globalSearchQuery(f.globalSearch);
  // The index reads the latest changes while the caller's visibility, the zip code's point and
  // the reading of the words are looked up (the search awaits it; a failure surfaces there).
  const synced = donorSearchIndex(db).sync();
  synced.catch(() => undefined);
  const [rule, hiding, terms, point] = await Promise.all([
    visibilityRule(db, auth),
    textQuery || f.first_name ? repo.centersHidingFirstNames(db) : [],
    textQuery ? repo.prefixTerms(db, textQuery) : null,
    f.zipcode ? repo.findZipPoint(db, f.zipcode) : null,
  ]);
  if (f.zipcode && !point) throw badRequest(MSG.INVALID_ZIP);
  const visibility = await withoutHiddenDonorTypes(db, auth, rule, f);
  const words = terms ? { terms, weightsFor: nameWeights(auth, hiding) } : null;
  const query: IndexQuery = {
    visibility,
    filters: f,
    now,
    point: point ?? null,
    allowedIds: null,
    words,
    synced,
  };
  const inDatabase = f.first_name || (textQuery && !terms);
  if (!inDatabase) return query;
  const among = await donorSearchIndex(db).matchingIds(query);
  if (among.length === 0) return { ...query, allowedIds: new Set() };
  const allowedIds = await repo.idsMatchingWords(db, {
    among,
    visible: visibilitySql(visibility),
    firstName: f.first_name,
    textQuery: terms ? null : textQuery,
    names: { reach: searchNameReach(auth), centerId: auth.centerId, hiding },
  });
  return { ...query, allowedIds };
}

const asArray = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : ((v as T[] | null) ?? []));

/**
 * The caller's portfolios holding a donor (newest addition first, as read) and the latest
 * feedback given in them (the newest feedbackAt; a feedback without a time counts as the oldest).
 */
function marksOf(raw: unknown): { shortlists: DonorShortlist[]; feedback: string | null } {
  const rows = asArray<pageRepo.PageShortlist>(raw);
  let feedback: string | null = null;
  let feedbackAt = Number.NEGATIVE_INFINITY;
  const shortlists = rows.map((r) => {
    const at = r.feedbackAt ?? Number.NEGATIVE_INFINITY;
    if (r.feedback !== null && (feedback === null || at > feedbackAt)) {
      feedback = r.feedback;
      feedbackAt = at;
    }
    return { id: r.id, name: r.name, addedAt: new Date(r.addedAt).toISOString(), feedback: r.feedback };
  });
  return { shortlists, feedback };
}

const asObject = <T>(v: unknown): T | null =>
  typeof v === 'string' ? JSON.parse(v) : ((v as T | null) ?? null);

/** POST /getdonorlist */
export async function search(deps: SearchDeps, auth: Auth, req: SearchRequest): Promise<SearchAnswer> {
  const { db, clock } = deps;
  const now = clock.now();
  const { sortby, orderby, recordcount, currentPage, searchId, ...filters } = req;
  const query = await queryOf(deps, auth, filters);

  let direction = orderby ?? DEFAULT_SORT_ORDER[sortby];
  if (sortby === 'Views') {
    const [own] = (await repo.centerSettings(db, [auth.centerId])).values();
    if (own?.viewsSortDescending) direction = 'desc';
  }
  const { total, ids: pageIds } = await donorSearchIndex(db).search(query, {
    sort: sortby,
    descending: direction === 'desc',
    limit: recordcount,
    offset: (currentPage - 1) * recordcount,
  });

  // The cards with their centers' settings and the caller's marks, the search history row and
  // the saved search's last run: one statement.
  const rows = await pageRepo.searchPage(
    db,
    {
      ids: pageIds,
      rule: query.visibility,
      userId: auth.userId,
      openMatches: auth.role === ROLE.CLIENT,
    },
    {
      history: auth.role === ROLE.CLIENT ? { centerId: auth.centerId, filters, resultCount: total } : null,
      savedSearchId: searchId ?? null,
      at: now,
    },
  );
  const items: DonorListItem[] = rows.map((r) => {
    const s = r.center_settings;
    const marks = marksOf(r.shortlists);
    const ownMatch = asObject<{ status: string; queueType: string }>(r.open_match);
    const photos = asObject<{ ids: number[] | null; default: number | null }>(r.photos);
    return {
      id: r.id,
      displayId: r.display_id,
      agencyDisplayId: r.agency_display_id,
      firstName: searchesFirstName(auth, r.center_id, s?.isFirstNameVisible ?? true)
        ? r.first_name || null
        : null,
      centerId: r.center_id,
      age: r.date_of_birth ? ageFrom(r.date_of_birth, now) : null,
      ageUnconfirmed: r.age_unconfirmed,
      heightCm: r.height_cm === null ? null : Number(r.height_cm),
      eyeColor: r.eye_color,
      hairColor: r.hair_color,
      races: asArray(r.races),
      ethnicities: asArray(r.ethnicities),
      city: r.city,
      state: r.state,
      availability: r.availability,
      frozenAvailability: r.frozen_availability,
      donorType: seesHiddenDonorFact(auth, s?.isDonorTypeVisible ?? true) ? r.donor_type : null,
      remainingQueue: remainingQueue(r.queue_count, s),
      frozenRemainingQueue: remainingQueue(r.frozen_queue_count, s),
      photoUrl: photos?.default ? `/api/donorphoto/${photos.default}` : null,
      photoIds: photos?.ids ?? [],
      views: r.views_count,
      distance:
        query.point && r.latitude !== null && r.longitude !== null
          ? Math.round(
              milesBetween(query.point.latitude, query.point.longitude, r.latitude, r.longitude) * 10,
            ) / 10
          : null,
      fav: r.fav,
      shortlists: marks.shortlists,
      feedback: marks.feedback,
      matchStatus: ownMatch?.status ?? null,
      queueType: ownMatch?.queueType ?? null,
    };
  });

  return { rows: items, total, page: currentPage, recordcount };
}

/**
 * The ids of up to `limit` donors the filters find for this caller, in the default order
 * (saving a search as a portfolio, POST getdonorid).
 */
export async function matchingDonorIds(
  deps: SearchDeps,
  auth: Auth,
  filters: SearchFilters,
  limit: number,
): Promise<number[]> {
  const query = await queryOf(deps, auth, filters);
  const { ids } = await donorSearchIndex(deps.db).search(query, {
    sort: 'Newest',
    descending: true,
    limit,
    offset: 0,
  });
  return ids;
}

/**
 * Every donor the filters find for this user, by the search's own path (visibility, filters,
 * words): the saved-search alerts' look (decision 021). `subject` is a signed-in caller or the
 * user a background pass acts for.
 */
export async function allMatchingDonorIds(
  deps: SearchDeps,
  subject: PolicySubject,
  filters: SearchFilters,
): Promise<number[]> {
  const query = await queryOf(deps, subject, filters);
  return donorSearchIndex(deps.db).matchingIds(query);
}

// ---------------------------------------------------------------------------------------------
// Saved searches

const isDefaultName = (name: string) => name.trim().toLowerCase() === DEFAULT_SEARCH_NAME.toLowerCase();

async function assertNameFree(db: Db, userId: number, name: string, exceptId?: number): Promise<void> {
  if (isDefaultName(name)) throw badRequest(MSG.DEFAULT_SEARCH_LOCKED);
  const existing = await repo.findSavedByName(db, userId, name);
  if (existing && existing.id !== exceptId) throw badRequest(MSG.SEARCH_NAME_EXISTS);
}

/** A concurrent save of the same name loses to the unique index with the same message. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.SEARCH_NAME_EXISTS);
    throw error;
  }
}

async function present(
  deps: SearchDeps,
  auth: Auth,
  row: repo.SavedSearchRow,
  alerted?: ReadonlySet<number>,
): Promise<SavedSearch> {
  const filters = searchFilters.parse(row.filters);
  let newDonors = 0;
  try {
    const query = await queryOf(deps, auth, filters);
    const since = row.lastRunAt ?? row.createdAt;
    ({ total: newDonors } = await donorSearchIndex(deps.db).search({ ...query, createdAfter: since }, null));
  } catch (error) {
    // A zip code no longer known makes the search unrunnable; it still lists, with no new donors.
    if (!(error instanceof Error && 'statusCode' in error)) throw error;
  }
  return {
    search_id: row.id,
    search_name: row.name,
    search_data: filters,
    updated_at: row.updatedAt.toISOString(),
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    newDonors,
    alert: (alerted ?? (await alertedSearchIds(deps.db, auth.userId))).has(row.id),
  };
}

/** GET /savedsearches: the caller's own, most recently changed first. */
export async function listSavedSearches(deps: SearchDeps, auth: Auth): Promise<SavedSearch[]> {
  const [rows, alerted] = await Promise.all([
    repo.listSaved(deps.db, auth.userId),
    alertedSearchIds(deps.db, auth.userId),
  ]);
  return Promise.all(rows.map((r) => present(deps, auth, r, alerted)));
}

/** POST /savesearch */
export async function saveSearch(deps: SearchDeps, auth: Auth, body: SaveSearchBody): Promise<SavedSearch> {
  await assertNameFree(deps.db, auth.userId, body.name);
  const row = await uniqueName(() =>
    repo.insertSaved(deps.db, {
      userId: auth.userId,
      name: body.name,
      filters: body.filters,
      at: deps.clock.now(),
    }),
  );
  return present(deps, auth, row);
}

async function ownSearch(deps: SearchDeps, auth: Auth, id: number): Promise<repo.SavedSearchRow> {
  const row = await repo.findSaved(deps.db, auth.userId, id);
  if (!row) throw notFound();
  return row;
}

/** PUT /savesearch: new filters (and optionally a new name) for one of the caller's searches. */
export async function updateSearch(
  deps: SearchDeps,
  auth: Auth,
  body: UpdateSearchBody,
): Promise<SavedSearch> {
  await ownSearch(deps, auth, body.search_id);
  if (body.name !== undefined) await assertNameFree(deps.db, auth.userId, body.name, body.search_id);
  const row = await uniqueName(() =>
    repo.updateSaved(deps.db, auth.userId, body.search_id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      filters: body.filters,
      updatedAt: deps.clock.now(),
    }),
  );
  if (!row) throw notFound();
  await rebaselineAlert(deps, auth, row);
  return present(deps, auth, row);
}

/**
 * New filters on a search with an alert: the donors they find now did not begin to match (the
 * search changed), so they join the alert's seen donors unlisted (decision 021). A search the
 * new filters cannot run (an unknown zip code) leaves the alert as it was.
 */
async function rebaselineAlert(deps: SearchDeps, auth: Auth, row: repo.SavedSearchRow): Promise<void> {
  if (!(await alertedSearchIds(deps.db, auth.userId)).has(row.id)) return;
  let ids: number[];
  try {
    ids = await allMatchingDonorIds(deps, auth, searchFilters.parse(row.filters));
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) return;
    throw error;
  }
  await deps.db.transaction((tx) => widenSeen(tx, row.id, ids, deps.clock.now()));
}

/** PUT /updatesearchname */
export async function renameSearch(
  deps: SearchDeps,
  auth: Auth,
  body: { search_id: number; name: string },
): Promise<SavedSearch> {
  await ownSearch(deps, auth, body.search_id);
  await assertNameFree(deps.db, auth.userId, body.name, body.search_id);
  const row = await uniqueName(() =>
    repo.updateSaved(deps.db, auth.userId, body.search_id, { name: body.name, updatedAt: deps.clock.now() }),
  );
  if (!row) throw notFound();
  return present(deps, auth, row);
}

/** PUT /deletesearchlist */
export async function deleteSearch(deps: SearchDeps, auth: Auth, searchId: number): Promise<void> {
  if (!(await repo.deleteSaved(deps.db, auth.userId, searchId))) throw notFound();
}

// ---------------------------------------------------------------------------------------------
// Photos

/** GET /donorphoto/{pictureId}: a visible donor's picture; private pictures only for staff. */
export async function donorPhoto(
  deps: Pick<ModuleDeps, 'db' | 'storage'>,
  auth: Auth,
  pictureId: number,
): Promise<{ data: Buffer; contentType: string }> {
  const picture = await repo.findPicture(deps.db, pictureId, await donorVisibility(deps.db, auth));
  if (!picture || !canOpenDonorFile(auth, { kind: 'picture', private: picture.private })) throw notFound();
  const data = await deps.storage.read(picture.storageKey).catch(() => {
    throw notFound();
  });
  return { data, contentType: picture.contentType };
}
