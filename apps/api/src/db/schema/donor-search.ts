import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { donors, tsvector } from './donors.js';

/** A transaction id (64-bit, never wraps): pg_current_xact_id(). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * What the donor search filters and sorts on, one narrow row per donor (about a third of a
 * donors row), so a filtered search or count visits a few thousand small pages instead of the
 * whole profile rows. The columns carry the same names as on `donors`, so the search reads this
 * table under the name "donors" and every condition written for donors applies unchanged.
 *
 * Kept by the database (migration 0010), never written by the application: a trigger on donors
 * copies the columns on insert and whenever one of them changes; triggers on donor_exam_scores
 * and donor_education_records keep each donor's best ACT, SAT and GPA. The card of a result is
 * still read from donors.
 */
export const donorSearch = pgTable(
  'donor_search',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    centerId: integer('center_id').notNull(),
    archived: boolean('archived').notNull(),
    availability: text('availability').notNull(),
    allowedForMatchingTool: boolean('allowed_for_matching_tool').notNull(),
    eyeColor: text('eye_color'),
    hairColor: text('hair_color'),
    bloodGroup: text('blood_group'),
    religion: text('religion'),
    state: text('state'),
    city: text('city'),
    educationLevel: text('education_level'),
    donorType: text('donor_type').notNull(),
    eggDonationArrangement: text('egg_donation_arrangement'),
    heritage: text('heritage').array().notNull(),
    raceNames: text('race_names').array().notNull(),
    ethnicityNames: text('ethnicity_names').array().notNull(),
    mainRace: text('main_race'),
    mainEthnicity: text('main_ethnicity'),
    heightCm: doublePrecision('height_cm'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    amhValue: doublePrecision('amh_value'),
    agencyDisplayId: text('agency_display_id'),
    displayId: text('display_id'),
    previousDonor: boolean('previous_donor').notNull(),
    provenFertility: boolean('proven_fertility').notNull(),
    collegeDegree: boolean('college_degree').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    viewsCount: integer('views_count').notNull(),
    /** The donor's best score of each exam and best GPA (the ranges filter on the best). */
    actBest: doublePrecision('act_best'),
    satBest: doublePrecision('sat_best'),
    gpaBest: doublePrecision('gpa_best'),
    /**
     * The donor's search words (a copy of donors.search_vector, migration 0021): the text search
     * is one more condition on this row, not a probe into the wide donors row per candidate.
     */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    /**
     * The transaction that last wrote the row, stamped by a trigger (migration 0024): each
     * process's in-memory search index reads the rows changed since its last look by it.
     */
    changedXid: xid8('changed_xid').notNull().default(sql`'0'::xid8`),
  },
  (t) => [
    index('donor_search_center_availability_idx').on(
      t.centerId,
      t.availability,
      t.dateOfBirth,
      t.archived,
      t.allowedForMatchingTool,
    ),
    index('donor_search_created_idx').on(t.createdAt, t.userId),
    index('donor_search_dob_idx').on(t.dateOfBirth, t.userId),
    index('donor_search_height_idx').on(t.heightCm, t.userId),
    index('donor_search_views_idx').on(t.viewsCount, t.userId),
    index('donor_search_lat_long_idx').on(t.latitude, t.longitude),
    index('donor_search_heritage_idx').using('gin', t.heritage),
    index('donor_search_race_names_idx').using('gin', t.raceNames),
    index('donor_search_ethnicity_names_idx').using('gin', t.ethnicityNames),
    index('donor_search_display_id_idx').on(sql`lower(${t.displayId})`),
    index('donor_search_agency_display_id_idx').on(sql`lower(${t.agencyDisplayId})`),
    index('donor_search_search_vector_idx').using('gin', t.searchVector),
    // One index per selective filter (migration 0022): a filtered search combines the caller's
    // centers with them in a BitmapAnd and reads only the donors that pass both, where a center's
    // whole row set (a third of the donors) cost about 1 microsecond a row to filter here.
    index('donor_search_eye_color_idx').on(t.eyeColor, t.centerId),
    index('donor_search_hair_color_idx').on(t.hairColor, t.centerId),
    index('donor_search_blood_group_idx').on(t.bloodGroup, t.centerId),
    index('donor_search_religion_idx').on(t.religion, t.centerId),
    index('donor_search_state_idx').on(t.state, t.centerId),
    index('donor_search_education_level_idx').on(t.educationLevel, t.centerId),
    index('donor_search_act_best_idx').on(t.actBest),
    index('donor_search_sat_best_idx').on(t.satBest),
    index('donor_search_gpa_best_idx').on(t.gpaBest),
    index('donor_search_amh_value_idx').on(t.amhValue),
    index('donor_search_changed_xid_idx').on(t.changedXid),
  ],
);

/**
 * The donors whose donor_search row was deleted, and by which transaction (a trigger, migration
 * 0024), so every process's search index drops them too.
 */
export const donorSearchRemoved = pgTable(
  'donor_search_removed',
  {
    userId: integer('user_id').primaryKey(),
    changedXid: xid8('changed_xid').notNull(),
  },
  (t) => [index('donor_search_removed_changed_xid_idx').on(t.changedXid)],
);
