import type { SearchFilters } from '@dm/shared';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  type CenterSettings,
  centers,
  donorPictures,
  donorSearch,
  donors,
  savedSearches,
  users,
  centerSettings as withDefaults,
  zipCodes,
} from '../../db/schema/index.js';
import { type Db, escapeLike, queryRows } from '../../platform/db.js';

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

/**
 * The search reads the narrow `donor_search` table under the name "donors": its columns carry
 * the donors names, so the visibility condition written for donors applies unchanged.
 */
const searchedFrom = sql`${donorSearch} as "donors"`;

export interface WordFilters {
  /** The donors the other filters leave: only these are tested. */
  among: readonly number[];
  /** Which donors the caller may see (the visibility rule as SQL). */
  visible: SQL;
  /** The first-name filter (a prefix), if any. */
  firstName: string | undefined;
  /** The tsquery text of the global search, or null. */
  textQuery: string | null;
  /** Whose names the caller sees (see firstNameVisible and lastNameVisible). */
  names: NameReach;
}

/** How far the caller's sight of donors' names goes (searchNameReach), from which center. */
export interface NameReach {
  reach: 'all' | 'own-center' | 'none';
  centerId: number | null;
  /** The centers that do not publish their donors' first names. */
  hiding: readonly number[];
}

/**
 * Staff see first names of their own center's donors; everyone else as the donor's center decides
 * (`hiding`: the centers that do not publish them).
 */
function firstNameVisible({ reach, centerId, hiding }: NameReach): SQL {
  if (reach === 'all' || hiding.length === 0) return sql`true`;
  const published = notInArray(donors.centerId, [...hiding]);
  if (reach === 'own-center') return sql`(${donors.centerId} = ${centerId} or ${published})`;
  return published;
}

/** Last names only for the master and the staff of the donor's own center. */
function lastNameVisible({ reach, centerId }: NameReach): SQL {
  if (reach === 'all') return sql`true`;
  if (reach === 'own-center') return sql`${donors.centerId} = ${centerId}`;
  return sql`false`;
}

/**
 * The text query asking only for the words the caller may see: the rest of the document always
 * (weight D), first names (A) and last names (B) only where the caller sees them.
 */
function visibleTextMatch(w: WordFilters, textQuery: string): SQL {
  const q = (weights: string) => sql`to_tsquery('simple', ${textQuery.replaceAll(':*', `:*${weights}`)})`;
  const v = donors.searchVector;
  const first = firstNameVisible(w.names);
  const last = lastNameVisible(w.names);
  return sql`(case when ${first} then
      (case when ${last} then ${v} @@ ${q('ABD')} else ${v} @@ ${q('AD')} end)
    else (case when ${last} then ${v} @@ ${q('BD')} else ${v} @@ ${q('D')} end) end)`;
}

/**
 * PostgreSQL's reading of a text query (to_tsquery 'simple', as the words were made) when it is
 * a plain list of prefixes that must all match ('new':* & 'york':*); null for anything else (a
 * hyphenated word becomes a phrase), which the database then answers itself.
 */
export async function prefixTerms(db: Db, textQuery: string): Promise<string[] | null> {
  const [row] = await queryRows<{ q: string }>(db, sql`select to_tsquery('simple', ${textQuery})::text as q`);
  const parts = (row?.q ?? '').split(' & ');
  const terms: string[] = [];
  for (const part of parts) {
    const m = /^'((?:[^']|'')+)':\*$/.exec(part);
    if (!m || m[1]!.includes('\\')) return null;
    terms.push(m[1]!.replace(/''/g, "'"));
  }
  return terms.length > 0 ? terms : null;
}

/**
 * The visible donors that the words of the global search and the first-name filter allow: the
 * two filters the in-process search index does not hold (search.index.ts).
 */
export async function idsMatchingWords(db: Db, w: WordFilters): Promise<Set<number>> {
  const conditions: SQL[] = [w.visible];
  // One array parameter, however many ids: the primary key finds them.
  conditions.push(sql`${donors.userId} = any(${`{${w.among.join(',')}}`}::int[])`);
  if (w.firstName)
    conditions.push(
      sql`(${firstNameVisible(w.names)} and lower(${users.firstName}) like ${`${escapeLike(w.firstName.toLowerCase())}%`})`,
    );
  if (w.textQuery) {
    // The words are copied onto the searched row (donor_search.search_vector): the first test
    // can use its GIN index, the second keeps the rows that match on words the caller may see.
    conditions.push(sql`(${donors.searchVector} @@ to_tsquery('simple', ${w.textQuery})
      and ${visibleTextMatch(w, w.textQuery)})`);
  }
  const from = w.firstName
    ? sql`${searchedFrom} inner join ${users} on ${users.id} = ${donors.userId}`
    : searchedFrom;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select ${donors.userId} as id from ${from} where ${and(...conditions)}`,
  );
  return new Set(rows.map((r) => r.id));
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

/**
 * The centers that do not publish this fact of their donors (a few dozen centers at most), read
 * at each search, so a settings change counts in the next one. Usually none: the search then
 * needs no per-row test of the donor's center.
 */
export async function centersHiding(
  db: Db,
  fact: 'isFirstNameVisible' | 'isDonorTypeVisible',
): Promise<number[]> {
  const rows = await db.select({ id: centers.id, settings: centers.settings }).from(centers);
  return rows.filter((r) => !withDefaults(r.settings)[fact]).map((r) => r.id);
}

/** The centers that do not publish their donors' first names. */
export const centersHidingFirstNames = (db: Db) => centersHiding(db, 'isFirstNameVisible');

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

// --- the in-process search index (search.index.ts)

/** A donor_search row as the search index keeps it (search.index.ts). */
export interface IndexRow {
  user_id: number;
  center_id: number;
  archived: boolean;
  availability: string;
  allowed_for_matching_tool: boolean;
  eye_color: string | null;
  hair_color: string | null;
  blood_group: string | null;
  religion: string | null;
  state: string | null;
  city: string | null;
  education_level: string | null;
  donor_type: string;
  egg_donation_arrangement: string | null;
  heritage: string[];
  race_names: string[];
  ethnicity_names: string[];
  main_race: string | null;
  main_ethnicity: string | null;
  height_cm: number | null;
  dob: string | null;
  amh_value: number | null;
  agency_display_id: string | null;
  display_id: string | null;
  previous_donor: boolean;
  proven_fertility: boolean;
  college_degree: boolean;
  latitude: number | null;
  longitude: number | null;
  created_us: number;
  views_count: number;
  act_best: number | null;
  sat_best: number | null;
  gpa_best: number | null;
  words: string;
}

/** The donor_search columns the index keeps, as read (after `kind` and `user_id`). */
const FETCH_COLUMNS = [
  'center_id',
  'archived',
  'availability',
  'allowed_for_matching_tool',
  'eye_color',
  'hair_color',
  'blood_group',
  'religion',
  'state',
  'city',
  'education_level',
  'donor_type',
  'egg_donation_arrangement',
  'heritage',
  'race_names',
  'ethnicity_names',
  'main_race',
  'main_ethnicity',
  'height_cm',
  'date_of_birth::text as dob',
  'amh_value',
  'agency_display_id',
  'display_id',
  'previous_donor',
  'proven_fertility',
  'college_degree',
  'latitude',
  'longitude',
  '(extract(epoch from created_at) * 1000000)::float8 as created_us',
  'views_count',
  'act_best',
  'sat_best',
  'gpa_best',
  'search_vector::text as words',
];
const NULL_COLUMNS = FETCH_COLUMNS.map(() => 'null').join(', ');

/**
 * Where a look of the search index stopped: the snapshot it read under (pg_current_snapshot()).
 * A transaction at or after `xmax`, or one of `running` (the snapshot's in-progress ids), was
 * invisible to it; every other had committed (its rows were read) or rolled back.
 */
export interface IndexHorizon {
  xmax: string;
  running: readonly string[];
}

/** pg_current_snapshot()'s text, xmin:xmax:xip,... */
export function parseSnapshot(text: string): IndexHorizon {
  const [, xmax, xip] = text.split(':');
  if (xmax === undefined) throw new Error('donor search index: unreadable snapshot');
  return { xmax, running: xip ? xip.split(',') : [] };
}

/** The rows written by a transaction the horizon's snapshot did not see: two index probes. */
const unseenBy = (h: IndexHorizon) =>
  h.running.length === 0
    ? sql`changed_xid >= ${h.xmax}::xid8`
    : sql`(changed_xid >= ${h.xmax}::xid8 or changed_xid = any(${`{${h.running.join(',')}}`}::xid8[]))`;

/**
 * Everything written since a horizon, in one statement (one snapshot): the changed rows ('r'),
 * the removed donors ('d', unless the donor is back) and the statement's own snapshot ('h'),
 * where the next look starts. Nothing changed: two probes of the changed_xid indexes and the
 * snapshot, whatever transaction is still running.
 */
const changesSince = (h: IndexHorizon) => sql`
  select 'r' as kind, user_id, ${sql.raw(FETCH_COLUMNS.join(', '))}, null as horizon
    from donor_search where ${unseenBy(h)}
  union all
  select 'd', user_id, ${sql.raw(NULL_COLUMNS)}, null
    from donor_search_removed r where ${unseenBy(h)}
      and not exists (select from donor_search s where s.user_id = r.user_id)
  union all
  select 'h', null, ${sql.raw(NULL_COLUMNS)}, pg_current_snapshot()::text`;

export type IndexChange = IndexRow & { kind: 'r' | 'd' | 'h'; horizon: string | null };

/** Everything written since a horizon; see changesSince. */
export const indexChangesSince = (db: Db, since: IndexHorizon) =>
  queryRows<IndexChange>(db, changesSince(since));

/**
 * Whether anything was written since a horizon that a look would read: the same index probes as a
 * look, without its rows (the metrics' search_index_lag_seconds).
 */
export async function changedSince(db: Db, since: IndexHorizon): Promise<boolean> {
  const [row] = await queryRows<{ changed: boolean }>(
    db,
    sql`select exists (select from donor_search where ${unseenBy(since)})
      or exists (select from donor_search_removed where ${unseenBy(since)}) as changed`,
  );
  return row!.changed;
}

/** The snapshot a first load starts from (its rows are then read in chunks, each its own). */
export async function indexSnapshot(db: Db): Promise<IndexHorizon> {
  const [row] = await queryRows<{ s: string }>(db, sql`select pg_current_snapshot()::text as s`);
  return parseSnapshot(row!.s);
}

/** How many donors the first load will read (to size the index once). */
export async function indexRowCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from donor_search`);
  return row!.n;
}

/** One chunk of the first load: the rows after a donor id, by id (the primary key). */
export const indexRowsAfter = (db: Db, afterId: number, limit: number) =>
  queryRows<IndexRow>(
    db,
    sql`select user_id, ${sql.raw(FETCH_COLUMNS.join(', '))} from donor_search
      where user_id > ${afterId} order by user_id limit ${limit}`,
  );

/** The donors whose agency or platform id is this one, ignoring case (their lower() indexes). */
export async function donorsWithId(db: Db, donorId: string): Promise<Set<number>> {
  const wanted = donorId.toLowerCase();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select user_id as id from donor_search where lower(agency_display_id) = ${wanted}
      union select user_id from donor_search where lower(display_id) = ${wanted}`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Codes of names in the database's own collation order of the names. */
export const inCollationOrder = (db: Db, names: readonly (readonly [number, string])[]) =>
  queryRows<{ code: number }>(
    db,
    sql`select (value ->> 0)::int as code from json_array_elements(${JSON.stringify(names)}::json) order by value ->> 1`,
  );
