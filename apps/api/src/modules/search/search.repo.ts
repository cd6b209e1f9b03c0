import { heightRangeCm, OPEN_MATCH_STATUSES, type SearchFilters, type SearchSort } from '@dm/shared';
import { and, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type CenterSettings,
  centers,
  donorEthnicities,
  donorPictures,
  donorRaces,
  donorSearch,
  donors,
  favorites,
  matches,
  portfolioDonors,
  portfolios,
  savedSearches,
  searchHistory,
  users,
  centerSettings as withDefaults,
  zipCodes,
} from '../../db/schema/index.js';
import { type Db, escapeLike, queryRows } from '../../platform/db.js';

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;

export interface ZipPoint {
  latitude: number;
  longitude: number;
}

export async function findZipPoint(db: Db, zipcode: string): Promise<ZipPoint | undefined> {
  const [row] = await db
    .select({ latitude: zipCodes.latitude, longitude: zipCodes.longitude })
    .from(zipCodes)
    .where(and(eq(zipCodes.country, 'US'), eq(zipCodes.zipcode, zipcode)))
    .limit(1);
  return row;
}

/** Great-circle miles from a point to the donor (haversine). */
export function distanceSql(p: ZipPoint): SQL {
  return sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(${donors.latitude} - ${p.latitude}::float8) / 2), 2)
    + cos(radians(${p.latitude}::float8)) * cos(radians(${donors.latitude}))
      * power(sin(radians(${donors.longitude} - ${p.longitude}::float8) / 2), 2)))))`;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** "Any of" (OR) is an overlap with the donor's names, "all of" (AND) containment; both use GIN. */
function namedEntries(
  column: typeof donors.raceNames | typeof donors.ethnicityNames,
  names: readonly string[],
  condition: 'AND' | 'OR',
): SQL | undefined {
  if (names.length === 0) return undefined;
  const wanted = sql`array[${list(names)}]::text[]`;
  return condition === 'OR' ? sql`${column} && ${wanted}` : sql`${column} @> ${wanted}`;
}

/**
 * The search reads the narrow `donor_search` table under the name "donors": its columns carry
 * the donors names, so every condition on `donors.*` below reads the narrow row, and the few
 * columns only it has are reached through `searched`.
 */
const searched = alias(donorSearch, 'donors');

/** A score range on the donor's best score (a donor without one never matches a range). */
function bestBetween(
  column: typeof searched.actBest | typeof searched.satBest | typeof searched.gpaBest,
  min: number | undefined,
  max: number | undefined,
): SQL | undefined {
  if (min === undefined && max === undefined) return undefined;
  return and(
    min === undefined ? undefined : gte(column, min),
    max === undefined ? undefined : lte(column, max),
    sql`${column} is not null`,
  );
}

/** YYYY-MM-DD of `years` whole years before `now` (UTC calendar). */
function yearsBefore(now: Date, years: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

export interface FilterContext {
  now: Date;
  /** The searched zip code's point, when a zip code is set. */
  point: ZipPoint | null;
  /** The tsquery text of the global search, or null. */
  textQuery: string | null;
  /** Whether the caller sees first names of a donor: a condition on the donor's center. */
  firstNameVisible: SQL;
  /** Whether the caller sees last names of a donor. */
  lastNameVisible: SQL;
}

/**
 * The text query asking only for the words the caller may see: the rest of the document always
 * (weight D), first names (A) and last names (B) only where the caller sees them.
 */
function visibleTextMatch(ctx: FilterContext, textQuery: string): SQL {
  const q = (weights: string) => sql`to_tsquery('simple', ${textQuery.replaceAll(':*', `:*${weights}`)})`;
  const v = donors.searchVector;
  return sql`(case when ${ctx.firstNameVisible} then
      (case when ${ctx.lastNameVisible} then ${v} @@ ${q('ABD')} else ${v} @@ ${q('AD')} end)
    else (case when ${ctx.lastNameVisible} then ${v} @@ ${q('BD')} else ${v} @@ ${q('D')} end) end)`;
}

/** Every filter of the search as conditions on donors (joined with users). */
export function filterConditions(f: SearchFilters, ctx: FilterContext): SQL[] {
  const out: (SQL | undefined)[] = [];
  if (f.centers.length) out.push(inArray(donors.centerId, f.centers));
  if (f.eyecolor.length) out.push(inArray(donors.eyeColor, f.eyecolor));
  if (f.haircolor.length) out.push(inArray(donors.hairColor, f.haircolor));
  if (f.blood_group.length) out.push(inArray(donors.bloodGroup, f.blood_group));
  if (f.religions.length) out.push(inArray(donors.religion, f.religions));
  if (f.locations.length) out.push(inArray(donors.state, f.locations));
  if (f.educationlevel.length) out.push(inArray(donors.educationLevel, f.educationlevel));
  if (f.donortype.length) out.push(inArray(donors.donorType, f.donortype));
  if (f.donoravailability.length) out.push(inArray(donors.availability, f.donoravailability));
  if (f.eggDonationArrangement.length)
    out.push(inArray(donors.eggDonationArrangement, f.eggDonationArrangement));
  if (f.heritage.length) out.push(sql`${donors.heritage} && array[${list(f.heritage)}]::text[]`);
  out.push(namedEntries(donors.raceNames, f.race, f.raceCondition));
  out.push(namedEntries(donors.ethnicityNames, f.ethnicity, f.ethCondition));
  const height = heightRangeCm(f);
  if (height.min !== null) out.push(gte(donors.heightCm, height.min));
  if (height.max !== null) out.push(lte(donors.heightCm, height.max));
  // age >= minage <=> born on or before minage years ago; age <= maxage <=> born after maxage+1 years ago.
  out.push(lte(donors.dateOfBirth, yearsBefore(ctx.now, f.minage)));
  out.push(sql`${donors.dateOfBirth} > ${yearsBefore(ctx.now, f.maxage + 1)}`);
  out.push(bestBetween(searched.actBest, f.minact, f.maxact));
  out.push(bestBetween(searched.satBest, f.minsat, f.maxsat));
  out.push(bestBetween(searched.gpaBest, f.mingpa, f.maxgpa));
  if (f.minamhscore !== undefined) out.push(gte(donors.amhValue, f.minamhscore));
  if (f.maxamhscore !== undefined) out.push(lte(donors.amhValue, f.maxamhscore));
  if (f.first_name)
    out.push(
      sql`(${ctx.firstNameVisible} and lower(${users.firstName}) like ${`${escapeLike(f.first_name.toLowerCase())}%`})`,
    );
  if (f.donor_id)
    out.push(
      sql`(lower(${donors.agencyDisplayId}) = ${f.donor_id.toLowerCase()} or lower(${donors.displayId}) = ${f.donor_id.toLowerCase()})`,
    );
  if (ctx.textQuery) {
    // The words are copied onto the searched row (donor_search.search_vector): the first test
    // can use its GIN index, the second keeps the rows that match on words the caller may see.
    out.push(sql`(${donors.searchVector} @@ to_tsquery('simple', ${ctx.textQuery})
      and ${visibleTextMatch(ctx, ctx.textQuery)})`);
  }
  if (f.previousdonor !== undefined) out.push(eq(donors.previousDonor, f.previousdonor));
  if (f.provenfertility !== undefined) out.push(eq(donors.provenFertility, f.provenfertility));
  if (f.college_degree !== undefined) out.push(eq(donors.collegeDegree, f.college_degree));
  if (ctx.point && f.distance !== undefined) {
    // The bounding box lets the (latitude, longitude) index cut the rows the exact distance checks.
    const dLat = f.distance / MILES_PER_DEGREE_LATITUDE;
    out.push(gte(donors.latitude, ctx.point.latitude - dLat));
    out.push(lte(donors.latitude, ctx.point.latitude + dLat));
    const cosLat = Math.cos((ctx.point.latitude * Math.PI) / 180);
    const dLng = cosLat > 0.01 ? f.distance / (MILES_PER_DEGREE_LATITUDE * cosLat) : 360;
    if (Math.abs(ctx.point.longitude) + dLng < 180) {
      out.push(gte(donors.longitude, ctx.point.longitude - dLng));
      out.push(lte(donors.longitude, ctx.point.longitude + dLng));
    }
    out.push(sql`${distanceSql(ctx.point)} <= ${f.distance}::float8`);
  }
  return out.filter((c): c is SQL => c !== undefined);
}

const AVAILABILITY_RANK = sql`case ${donors.availability} when 'Available' then 0 when 'In Cycle' then 1
  when 'Under Review' then 2 when 'Reserved' then 3 when 'On Hold' then 4 else 5 end`;

/**
 * The ordering key of each sort; Age orders by date of birth the other way round. `nullable`
 * keys put donors without a value last in both directions; the others must not say so, or the
 * (key, user_id) indexes could not serve the descending order.
 */
export function sortKeys(
  sort: SearchSort,
  point: ZipPoint | null,
): { keys: SQL[]; reversed: boolean; nullable: boolean } {
  switch (sort) {
    case 'Newest':
      return { keys: [sql`${donors.createdAt}`], reversed: false, nullable: false };
    case 'Availability':
      return { keys: [AVAILABILITY_RANK], reversed: false, nullable: false };
    case 'Height':
      return { keys: [sql`${donors.heightCm}`], reversed: false, nullable: true };
    case 'Age':
      return { keys: [sql`${donors.dateOfBirth}`], reversed: true, nullable: true };
    case 'Location':
      return { keys: [sql`${donors.state}`, sql`${donors.city}`], reversed: false, nullable: true };
    case 'Race':
      return { keys: [sql`${donors.mainRace}`], reversed: false, nullable: true };
    case 'Ethnicity':
      return { keys: [sql`${donors.mainEthnicity}`], reversed: false, nullable: true };
    case 'Views':
      return { keys: [sql`${donors.viewsCount}`], reversed: false, nullable: false };
    case 'Distance':
      return { keys: [point ? distanceSql(point) : sql`null`], reversed: false, nullable: true };
  }
}

export interface SearchRow {
  id: number;
  display_id: string | null;
  agency_display_id: string | null;
  first_name: string;
  center_id: number;
  date_of_birth: string | null;
  age_unconfirmed: boolean;
  height_cm: number | null;
  eye_color: string | null;
  hair_color: string | null;
  races: unknown;
  ethnicities: unknown;
  city: string | null;
  state: string | null;
  availability: string;
  frozen_availability: string | null;
  donor_type: string;
  queue_count: number;
  frozen_queue_count: number;
  views_count: number;
  default_picture_id: number | null;
  photo_ids: unknown;
  distance: number | null;
}

const entries = (table: typeof donorRaces | typeof donorEthnicities) =>
  sql`coalesce((select json_agg(json_build_object('name', x.name, 'percentage', x.percentage)
    order by x.position, x.name) from ${table} x where x.donor_id = ${donors.userId}), '[]'::json)`;

/** The conditions of a search; `joinsUsers` when they read users (name filter, text search). */
export interface Matching {
  where: SQL;
  joinsUsers: boolean;
}

/** The narrow table under the name "donors" (an alias alone would render as just its name). */
const searchedFrom = sql`${donorSearch} as "donors"`;

const matchingFrom = (m: Matching) =>
  m.joinsUsers ? sql`${searchedFrom} inner join ${users} on ${users.id} = ${donors.userId}` : searchedFrom;

/**
 * One page of matching donors, in two steps: the ids of the page (filters, order and limit only,
 * so an index on the sort key can stop after the page), then the card fields of those few ids.
 * Building the cards inside the first query would compute them for every matching row before
 * the sort cuts the page.
 */
export async function searchPage(
  db: Db,
  match: Matching,
  order: SQL,
  point: ZipPoint | null,
  limit: number,
  offset: number,
): Promise<SearchRow[]> {
  const page = await queryRows<{ id: number }>(
    db,
    sql`select ${donors.userId} as id
      from ${matchingFrom(match)}
      where ${match.where}
      order by ${order}
      limit ${limit} offset ${offset}`,
  );
  if (page.length === 0) return [];
  const ids = page.map((r) => r.id);
  const rows = await queryRows<SearchRow>(
    db,
    sql`select ${donors.userId} as id, ${donors.displayId} as display_id,
        ${donors.agencyDisplayId} as agency_display_id, ${users.firstName} as first_name,
        ${donors.centerId} as center_id, ${donors.dateOfBirth}::text as date_of_birth,
        ${donors.ageUnconfirmed} as age_unconfirmed, ${donors.heightCm} as height_cm,
        ${donors.eyeColor} as eye_color, ${donors.hairColor} as hair_color,
        ${entries(donorRaces)} as races, ${entries(donorEthnicities)} as ethnicities,
        ${donors.city} as city, ${donors.state} as state, ${donors.availability} as availability,
        ${donors.frozenAvailability} as frozen_availability, ${donors.donorType} as donor_type,
        ${donors.queueCount}::int as queue_count, ${donors.frozenQueueCount}::int as frozen_queue_count,
        ${donors.viewsCount} as views_count,
        (select p.id from ${donorPictures} p where p.donor_id = ${donors.userId} and p.is_default
          and not p.private limit 1) as default_picture_id,
        coalesce((select json_agg(p.id order by p.is_default desc, p.position, p.id) from ${donorPictures} p
          where p.donor_id = ${donors.userId} and not p.private), '[]'::json) as photo_ids,
        ${point ? distanceSql(point) : sql`null::float8`} as distance
      from ${donors} inner join ${users} on ${users.id} = ${donors.userId}
      where ${inArray(donors.userId, ids)}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is SearchRow => r !== undefined);
}

export async function countMatching(db: Db, match: Matching): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${matchingFrom(match)} where ${match.where}`,
  );
  return row?.n ?? 0;
}

/** Up to `limit` matching donor ids, newest first (the Newest order of the search). */
export async function matchingIds(db: Db, match: Matching, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select ${donors.userId} as id from ${matchingFrom(match)}
      where ${match.where} order by ${donors.createdAt} desc, ${donors.userId} desc limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** Every center's settings with defaults filled in, by id (a few dozen rows). */
export async function centerSettings(db: Db, ids: readonly number[]): Promise<Map<number, CenterSettings>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: centers.id, settings: centers.settings })
    .from(centers)
    .where(inArray(centers.id, [...ids]));
  return new Map(rows.map((r) => [r.id, withDefaults(r.settings)]));
}

/** Which of these donors are in the user's favourites (one page of a search). */
export async function favoriteDonorIds(
  db: Db,
  userId: number,
  donorIds: readonly number[],
): Promise<Set<number>> {
  if (donorIds.length === 0) return new Set();
  const rows = await db
    .select({ id: favorites.donorId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.donorId, [...donorIds])));
  return new Set(rows.map((r) => r.id));
}

/**
 * The caller's own open match with each of the page's donors (an intended parent has at most one
 * per donor): its status and queue type (list item match_status, queue_type).
 */
export async function openMatchesOf(
  db: Db,
  parentId: number,
  donorIds: readonly number[],
): Promise<Map<number, { status: string; queueType: string }>> {
  if (donorIds.length === 0) return new Map();
  const rows = await db
    .select({ donorId: matches.donorId, status: matches.status, queueType: matches.queueType })
    .from(matches)
    .where(
      and(
        eq(matches.parentId, parentId),
        inArray(matches.donorId, [...donorIds]),
        inArray(matches.status, [...OPEN_MATCH_STATUSES]),
      ),
    );
  return new Map(rows.map((r) => [r.donorId, { status: r.status, queueType: r.queueType }]));
}

export interface ShortlistMark {
  donorId: number;
  id: number;
  name: string;
  addedAt: Date;
  feedback: string | null;
  feedbackAt: Date | null;
}

/**
 * The user's own non-archived portfolios (as the client or the case manager) holding any of
 * these donors, newest addition first.
 */
export function shortlistsOf(db: Db, userId: number, donorIds: readonly number[]): Promise<ShortlistMark[]> {
  if (donorIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      donorId: portfolioDonors.donorId,
      id: portfolios.id,
      name: portfolios.name,
      addedAt: portfolioDonors.addedAt,
      feedback: portfolioDonors.feedback,
      feedbackAt: portfolioDonors.feedbackAt,
    })
    .from(portfolioDonors)
    .innerJoin(portfolios, eq(portfolios.id, portfolioDonors.portfolioId))
    .where(
      and(
        inArray(portfolioDonors.donorId, [...donorIds]),
        or(eq(portfolios.clientId, userId), eq(portfolios.managerId, userId)),
        ne(portfolios.status, 'Archived'),
      ),
    )
    .orderBy(desc(portfolioDonors.addedAt), desc(portfolios.id));
}

/**
 * The centers that do not publish their donors' first names (a few dozen centers at most).
 * Usually none: the search then needs no per-row test of the donor's center.
 */
export async function centersHidingFirstNames(db: Db): Promise<number[]> {
  const rows = await db.select({ id: centers.id, settings: centers.settings }).from(centers);
  return rows.filter((r) => !withDefaults(r.settings).isFirstNameVisible).map((r) => r.id);
}

/**
 * The search history row is committed without waiting for the WAL flush: a row of the IP search
 * history report is not worth a disk flush on every search, and only a database crash in the
 * next few hundred milliseconds could lose it.
 */
export async function recordSearch(
  db: Db,
  row: { userId: number; centerId: number; filters: SearchFilters; resultCount: number; createdAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.insert(searchHistory).values(row);
  });
}

// ---------------------------------------------------------------------------------------------
// Saved searches

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export function listSaved(db: Db, userId: number): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(sql`${savedSearches.updatedAt} desc`, savedSearches.id);
}

export async function findSaved(db: Db, userId: number, id: number): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return row;
}

export async function findSavedByName(
  db: Db,
  userId: number,
  name: string,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), sql`lower(${savedSearches.name}) = ${name.toLowerCase()}`));
  return row;
}

export async function insertSaved(
  db: Db,
  row: { userId: number; name: string; filters: SearchFilters; at: Date },
): Promise<SavedSearchRow> {
  const [created] = await db
    .insert(savedSearches)
    .values({
      userId: row.userId,
      name: row.name,
      filters: row.filters,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .returning();
  return created!;
}

export async function updateSaved(
  db: Db,
  userId: number,
  id: number,
  set: { name?: string; filters?: SearchFilters; updatedAt: Date },
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set(set)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function markRun(db: Db, userId: number, id: number, at: Date): Promise<void> {
  await db
    .update(savedSearches)
    .set({ lastRunAt: at })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
}

export async function deleteSaved(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Photos

export async function findPicture(db: Db, pictureId: number, visible: SQL) {
  const [row] = await db
    .select({
      storageKey: donorPictures.storageKey,
      contentType: donorPictures.contentType,
      private: donorPictures.private,
    })
    .from(donorPictures)
    .innerJoin(donors, eq(donors.userId, donorPictures.donorId))
    .innerJoin(users, eq(users.id, donors.userId))
    .where(and(eq(donorPictures.id, pictureId), visible))
    .limit(1);
  return row;
}
