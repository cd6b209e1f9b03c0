import { INCOMPLETE_APPLICATION_STATES, type PercentageShare } from '@dm/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/** INCOMPLETE_APPLICATION_STATES as SQL literals: a partial index's predicate and the scheduler's
 * query must say the same constants for the planner to use the index. */
export const incompleteStatesSql = sql.raw(
  INCOMPLETE_APPLICATION_STATES.map((s) => `'${s.replace(/'/g, "''")}'`).join(', '),
);

/** PostgreSQL's tsvector (the weighted words of the global text search). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One row per donor: the account-level state that login needs (availability, pre-form result,
 * last tab) plus every field the donor search filters or sorts on. The search itself reads a
 * narrow copy of those columns, donor_search (donor-search.ts), kept by database triggers; the
 * indexes below serve the other donor lists and lookups. The rest of the profile (form answers that are only displayed) is in
 * donor_profiles and the child tables of donor-profile.ts. Names, e-mail and contact number
 * stay on users, their one home.
 *
 * Indexes, by the search they serve (search spec sections 3 and 9):
 * - (center_id, availability, date_of_birth, archived, allowed_for_matching_tool): every list is
 *   limited to the allowed centers, nearly every search to an availability and every search to
 *   an age (a date-of-birth range); with the two visibility flags in the index, counting the
 *   matches of a search without other filters is an index-only scan.
 * - (created_at, user_id): Newest, the default sort, reads the index in order (in either
 *   direction: the id tie-break follows the sort's direction) and stops after the page.
 * - (date_of_birth, user_id): the age slider becomes a date-of-birth range (age = ageFrom(dob,
 *   now)), so age filter and sort use a plain btree instead of an expression on now().
 * - (height_cm, user_id), (views_count, user_id): the Height range filter and the Height and
 *   Views sorts.
 * - (latitude, longitude): distance search first cuts a bounding box (a latitude range, then
 *   longitude on the same index) before the exact great-circle distance; no PostGIS needed.
 * - heritage (GIN on the text array): "any of these heritages" is `heritage && array[...]`.
 * - (center_id, lower(agency_display_id)) unique: the agency's donor id is unique per center,
 *   case-insensitively, and the donor-id filter is an index lookup.
 * - search_vector (GIN on the stored, weighted tsvector): the global text search. PGlite only
 *   has pg_trgm when the database is opened with that extension loaded, and trigram search on
 *   PostgreSQL would then need the extension created by a superuser-capable role; the built-in
 *   full-text search works unchanged on both, and word-prefix queries (`term:*`) cover what
 *   people type (names, ids, cities, traits). The 'simple' configuration does not stem, so
 *   names and ids match as written.
 * Colours, blood group, religion and education level have a handful of values each; an index
 * on them would not be chosen over the center/availability index, so they have none.
 */
export const donors = pgTable(
  'donors',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    availability: text('availability').notNull().default('Invited'),
    frozenAvailability: text('frozen_availability'),
    /**
     * An Unavailable donor is hidden from intended parents until then, after a queued match of
     * hers was cancelled (matches.service.ts act; donor-access.ts donorVisibility). Not copied to
     * donor_search: visibility looks the few hidden ids up first.
     */
    hiddenUntil: timestamp('hidden_until', { withTimezone: true }),
    /** null: pre-form not filled; 1 accepted; 0 not accepted. */
    preFormStatus: smallint('pre_form_status'),
    lastTab: smallint('last_tab'),
    displayId: text('display_id'),
    /** The agency's own donor id, unique per center. */
    agencyDisplayId: text('agency_display_id'),
    /** DONOR_TYPES: Fresh, Frozen or Both. */
    donorType: text('donor_type').notNull().default('Fresh'),
    eggDonationArrangement: text('egg_donation_arrangement'),
    /** When the donor can next start a cycle (null: now). */
    availableFrom: date('available_from', { mode: 'string' }),
    /** When availability last changed (the Availability sort shows the freshest first). */
    availabilityChangedAt: timestamp('availability_changed_at', { withTimezone: true }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Set when the age comes from an unverified source (list item age_unconfirmed). */
    ageUnconfirmed: boolean('age_unconfirmed').notNull().default(false),
    heightCm: doublePrecision('height_cm'),
    weightKg: doublePrecision('weight_kg'),
    bmi: doublePrecision('bmi'),
    bloodGroup: text('blood_group'),
    eyeColor: text('eye_color'),
    hairColor: text('hair_color'),
    skinType: text('skin_type'),
    religion: text('religion'),
    /** HERITAGES the donor names. */
    heritage: text('heritage').array().notNull().default(sql`'{}'::text[]`),
    educationLevel: text('education_level'),
    /** Derived from education_level (COLLEGE_DEGREE_LEVELS) when the profile is saved. */
    collegeDegree: boolean('college_degree').notNull().default(false),
    previousDonor: boolean('previous_donor').notNull().default(false),
    /** Has had a pregnancy or a donation that led to one. */
    provenFertility: boolean('proven_fertility').notNull().default(false),
    /** Anti-Mullerian hormone in ng/mL and the date of the test. */
    amhValue: doublePrecision('amh_value'),
    amhTestDate: date('amh_test_date', { mode: 'string' }),
    zipcode: text('zipcode'),
    city: text('city'),
    state: text('state'),
    country: text('country').notNull().default('United States'),
    /** Copied from zip_codes when the zip code is saved, for distance search. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Compensation in whole US dollars; shown only where the center makes it visible. */
    compensation: integer('compensation'),
    /** Staff ordering within a list; higher first. */
    priority: smallint('priority').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    /** Fresh and frozen matches waiting in this donor's queue (remaining = queue size - count). */
    queueCount: smallint('queue_count').notNull().default(0),
    frozenQueueCount: smallint('frozen_queue_count').notNull().default(0),
    /** Completed egg donations (donation_count, eggdonor_cycle_count). */
    donationCount: smallint('donation_count').notNull().default(0),
    /** Visible to the external matching tool (allowed_for_tulip). */
    allowedForMatchingTool: boolean('allowed_for_matching_tool').notNull().default(true),
    /**
     * The parent (and case manager) staff reserved this donor for, while availability is
     * Reserved (reservedonorformatch, through the match workflow's locks).
     */
    reservedParentId: integer('reserved_parent_id').references(() => users.id, { onDelete: 'set null' }),
    reservedManagerId: integer('reserved_manager_id').references(() => users.id, { onDelete: 'set null' }),
    /** The profile came from an import and is auto-submitted on login. */
    isScraped: boolean('is_scraped').notNull().default(false),
    /**
     * The donor's account is archived (users.status = 'Archived'), copied here so that the
     * visibility rule and the search count read donors and their indexes alone. Kept by the
     * database: a trigger on donors (insert) and one on users (status change), migration 0004.
     */
    archived: boolean('archived').notNull().default(false),
    /**
     * The names of the donor's races and ethnicities (sorted) and the main one of each (highest
     * percentage), for the race/ethnicity filters (GIN: `&&` for any of, `@>` for all of) and
     * sorts. Kept by the database: statement triggers on donor_races and donor_ethnicities
     * (migration 0004) rewrite them whenever those rows change, whoever writes them.
     */
    raceNames: text('race_names').array().notNull().default(sql`'{}'::text[]`),
    ethnicityNames: text('ethnicity_names').array().notNull().default(sql`'{}'::text[]`),
    mainRace: text('main_race'),
    mainEthnicity: text('main_ethnicity'),
    /**
     * The races and ethnicities as a search card shows them ({ name, percentage } in the form's
     * order), kept by the same triggers (migration 0040): a page of cards reads them with the
     * donor's row instead of two subqueries a card.
     */
    raceCard: jsonb('race_card').$type<PercentageShare[]>().notNull().default(sql`'[]'::jsonb`),
    ethnicityCard: jsonb('ethnicity_card').$type<PercentageShare[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Lower-case words the global text search matches besides the names (ids, place, traits),
     * rebuilt by donorSearchDocument() in the same transaction as any change to those fields.
     */
    searchDocument: text('search_document').notNull().default(''),
    /**
     * What the text search reads (GIN): the first-name words weighted A, the last-name words B
     * and search_document D. Kept by the database (migration 0004): a trigger on donors rebuilds
     * it when the row is inserted or search_document changes, one on users when a name changes. The weights let one stored vector answer for every caller: a query asks only for
     * the weights of the names that caller may see, so no hidden name is ever matched and no row
     * is re-parsed.
     */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('donors_center_availability_idx').on(
      t.centerId,
      t.availability,
      t.dateOfBirth,
      t.archived,
      t.allowedForMatchingTool,
    ),
    index('donors_created_idx').on(t.createdAt, t.userId),
    index('donors_hidden_until_idx').on(t.hiddenUntil).where(sql`${t.hiddenUntil} is not null`),
    // The staff donor list (/viewdonor) is one center's donors, newest first or by priority:
    // with the center first, a page is a short range scan instead of a sort of the center.
    index('donors_center_created_idx').on(t.centerId, t.createdAt, t.userId),
    index('donors_center_priority_idx').on(t.centerId, t.priority, t.userId),
    // The reminder scheduler walks one center's incomplete applications in id order (decision
    // 016): only those donors are in it, so a pass with little due reads little.
    index('donors_reminder_walk_idx')
      .on(t.centerId, t.userId)
      .where(sql`not ${t.archived} and ${t.availability} in (${incompleteStatesSql})`),
    index('donors_dob_idx').on(t.dateOfBirth, t.userId),
    index('donors_height_idx').on(t.heightCm, t.userId),
    index('donors_views_idx').on(t.viewsCount, t.userId),
    index('donors_lat_long_idx').on(t.latitude, t.longitude),
    index('donors_heritage_idx').using('gin', t.heritage),
    index('donors_race_names_idx').using('gin', t.raceNames),
    index('donors_ethnicity_names_idx').using('gin', t.ethnicityNames),
    uniqueIndex('donors_center_agency_display_id_unique').on(t.centerId, sql`lower(${t.agencyDisplayId})`),
    index('donors_search_idx').using('gin', t.searchVector),
    // Deleting a user sets these to null: partial indexes (reserved donors only), not a scan.
    index('donors_reserved_parent_idx').on(t.reservedParentId).where(sql`${t.reservedParentId} is not null`),
    index('donors_reserved_manager_idx')
      .on(t.reservedManagerId)
      .where(sql`${t.reservedManagerId} is not null`),
  ],
);

/**
 * The donor's shown id in SQL, the twin of `donorDisplayId` (packages/shared donor-format.ts) for
 * sorting and exports: the agency's id when set, else the system display id, else the user id.
 */
export const donorDisplayIdSql = sql<string>`coalesce(nullif(trim(${donors.agencyDisplayId}), ''), nullif(trim(${donors.displayId}), ''), ${donors.userId}::text)`;
