import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { donors } from './donors.js';
import { users } from './users.js';

/**
 * The donor form's tabs beyond what search needs (donors.ts holds the searchable fields).
 * Every table here hangs off donors(user_id) with ON DELETE CASCADE and carries no center id:
 * the center is the donor's, so moving a donor between centers touches one row, and access
 * checks go through donors.center_id. Child tables are indexed on (donor_id) for the profile
 * reads and the cascade; the few that search filters on have a second index saying which.
 */

const donorRef = () =>
  integer('donor_id')
    .notNull()
    .references(() => donors.userId, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The answers of the general, personal health, characteristics and family health tabs. */
export const donorProfiles = pgTable(
  'donor_profiles',
  {
    donorId: integer('donor_id')
      .primaryKey()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    // general
    /** SecretBox ciphertext of the 9-digit SSN; never logged, never sent to clients. */
    ssnEncrypted: text('ssn_encrypted'),
    /** CONTACT_TYPES: 0 mobile, 1 work, 2 home. The primary number is users.contact_no. */
    contactType: smallint('contact_type').notNull().default(0),
    mobile: text('mobile'),
    contactWork: text('contact_work'),
    contactHome: text('contact_home'),
    address: text('address'),
    cityOther: text('city_other'),
    birthCountry: text('birth_country'),
    birthState: text('birth_state'),
    birthCity: text('birth_city'),
    birthCityOther: text('birth_city_other'),
    /** The fee option chosen (donor_fee) or the amount typed for Other (donor_fee_other). */
    donorFee: text('donor_fee'),
    donorFeeOther: text('donor_fee_other'),
    maritalStatus: text('marital_status'),
    occupation: text('occupation'),
    numberOfPregnancies: smallint('number_of_pregnancies').notNull().default(1),
    currentlyPregnant: boolean('currently_pregnant').notNull().default(false),
    breastfeeding: boolean('breastfeeding').notNull().default(false),
    childCount: smallint('child_count').notNull().default(0),
    miscarriages: smallint('miscarriages').notNull().default(0),
    abortionCount: smallint('abortion_count').notNull().default(0),
    /** IP_WILLING_TO_WORK values. */
    ipWillingToWork: text('ip_willing_to_work').array().notNull().default(sql`'{}'::text[]`),
    // personal health
    /** BIRTH_CONTROL value; anything but No needs contraceptive types. */
    birthControl: text('birth_control'),
    contraceptiveTypes: text('contraceptive_types').array().notNull().default(sql`'{}'::text[]`),
    depoProvera: boolean('depo_provera').notNull().default(false),
    /** Date of the last piercing or tattoo; null with the flag false means none. */
    piercingDate: date('piercing_date', { mode: 'string' }),
    hasPiercing: boolean('has_piercing').notNull().default(false),
    tattooDate: date('tattoo_date', { mode: 'string' }),
    hasTattoo: boolean('has_tattoo').notNull().default(false),
    covidLastDoseDate: date('covid_last_dose_date', { mode: 'string' }),
    covidVaccineName: text('covid_vaccine_name'),
    /** The covid vaccination card (a donor_documents row). */
    covidVaccinationDocumentId: integer('covid_vaccination_document_id').references(
      (): AnyPgColumn => donorDocuments.id,
      { onDelete: 'set null' },
    ),
    anxietyDisorder: boolean('anxiety_disorder').notNull().default(false),
    recreationalDrugs: boolean('recreational_drugs').notNull().default(false),
    anyMedications: boolean('any_medications').notNull().default(false),
    /** Transmitted (infectious) diseases the donor reports, by name. */
    transmittedDiseases: text('transmitted_diseases').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The tab's many further yes/no questions: key -> {answer, details}. They change with the
     * agency's form, so they are data rather than columns; none is searched.
     */
    healthAnswers: jsonb('health_answers')
      .$type<Record<string, { answer: boolean; details?: string }>>()
      .notNull()
      .default({}),
    // characteristics
    raceDetails: text('race_details'),
    ethnicityDetails: text('ethnicity_details'),
    bodyType: text('body_type'),
    dominantHand: text('dominant_hand'),
    personality: text('personality'),
    hobbies: text('hobbies'),
    // family health
    siblingCount: smallint('sibling_count').notNull().default(0),
    halfSiblingCount: smallint('half_sibling_count').notNull().default(0),
    geneticDefectBirthCondition: text('genetic_defect_birth_condition'),
    /** Staff's notes on the whole profile (admin_notes); the dated notes are donor_notes. */
    adminNotes: text('admin_notes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Deleting a document sets this to null: a partial index (few rows) instead of a scan.
    index('donor_profiles_covid_document_idx')
      .on(t.covidVaccinationDocumentId)
      .where(sql`${t.covidVaccinationDocumentId} is not null`),
  ],
);

/** How the donor heard of the agency; the general tab needs at least one. */
export const donorReferrals = pgTable(
  'donor_referrals',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    source: text('source').notNull(),
    description: text('description'),
  },
  (t) => [index('donor_referrals_donor_idx').on(t.donorId)],
);

/**
 * Race entries: name plus percentage, at most MAX_RACE_COUNT, totalling 100. The (name,
 * donor_id) index answers "any of these races" as an index-only semi-join.
 */
export const donorRaces = pgTable(
  'donor_races',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    name: text('name').notNull(),
    percentage: doublePrecision('percentage').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('donor_races_donor_name_unique').on(t.donorId, t.name),
    index('donor_races_name_idx').on(t.name, t.donorId),
  ],
);

/** Ethnicity entries, as races. */
export const donorEthnicities = pgTable(
  'donor_ethnicities',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    name: text('name').notNull(),
    percentage: doublePrecision('percentage').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('donor_ethnicities_donor_name_unique').on(t.donorId, t.name),
    index('donor_ethnicities_name_idx').on(t.name, t.donorId),
  ],
);

/** A relative on the family health tab (RELATIONS). */
export const donorFamilyMembers = pgTable(
  'donor_family_members',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    relation: text('relation').notNull(),
    /** Whether the donor can answer for this relative (applicable). */
    applicable: boolean('applicable').notNull().default(true),
    gender: text('gender'),
    maternalOrPaternal: text('maternal_or_paternal'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    living: boolean('living').notNull().default(true),
    ageAtDeath: smallint('age_at_death'),
    deathReason: text('death_reason'),
    heightCm: doublePrecision('height_cm'),
    weightKg: doublePrecision('weight_kg'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    education: text('education'),
    occupation: text('occupation'),
    disease: text('disease'),
    otherDetails: text('other_details'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('donor_family_members_donor_idx').on(t.donorId)],
);

/** Family-history meta: a yes/no answer under a FAMILY_HISTORY_KEYS key, with details. */
export const donorFamilyHistory = pgTable(
  'donor_family_history',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    key: text('key').notNull(),
    answer: boolean('answer').notNull(),
    details: text('details'),
  },
  (t) => [uniqueIndex('donor_family_history_donor_key_unique').on(t.donorId, t.key)],
);

/** Disease table entry: who had it (relation, or Nobody) and details. */
export const donorDiseases = pgTable(
  'donor_diseases',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    disease: text('disease').notNull(),
    relation: text('relation').notNull(),
    details: text('details'),
    familyMemberId: integer('family_member_id').references(() => donorFamilyMembers.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('donor_diseases_donor_idx').on(t.donorId),
    // Deleting a family member sets this to null: without an index each deletion read every
    // donor's diseases (160 ms a family-tab save at 100,000 donors).
    index('donor_diseases_family_member_idx').on(t.familyMemberId),
  ],
);

/** A school attended. GPA is on the 4.0 scale (marks_obtained of max_marks otherwise). */
export const donorEducationRecords = pgTable(
  'donor_education_records',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    /** EDUCATION_RECORD_TYPES. */
    type: text('type').notNull(),
    institution: text('institution'),
    university: text('university'),
    subjects: text('subjects'),
    enrollmentYear: smallint('enrollment_year'),
    /** null with pursuing = true: still studying (END_YEAR_PURSUING). */
    endYear: smallint('end_year'),
    pursuing: boolean('pursuing').notNull().default(false),
    marksObtained: doublePrecision('marks_obtained'),
    maxMarks: doublePrecision('max_marks'),
    /** marks normalised to 4.0; the best one is copied onto donor_search for the GPA filter. */
    gpa: doublePrecision('gpa'),
    otherDetails: text('other_details'),
  },
  (t) => [
    index('donor_education_records_donor_idx').on(t.donorId),
    index('donor_education_records_gpa_idx').on(t.gpa, t.donorId),
  ],
);

/**
 * Standardised test results (EXAM_TYPES). Each donor's best ACT and SAT are copied onto
 * donor_search by triggers for the score filters.
 */
export const donorExamScores = pgTable(
  'donor_exam_scores',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    educationRecordId: integer('education_record_id').references(() => donorEducationRecords.id, {
      onDelete: 'set null',
    }),
    exam: text('exam').notNull(),
    score: doublePrecision('score').notNull(),
    maxScore: doublePrecision('max_score'),
    takenYear: smallint('taken_year'),
  },
  (t) => [
    index('donor_exam_scores_donor_idx').on(t.donorId),
    index('donor_exam_scores_exam_score_idx').on(t.exam, t.score, t.donorId),
    // Deleting an education record sets this to null: an index, not a scan of every donor's scores.
    index('donor_exam_scores_education_record_idx').on(t.educationRecordId),
  ],
);

/** A past egg-donation (IVF) cycle. */
export const donorDonationCycles = pgTable(
  'donor_donation_cycles',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    nameOfClinic: text('name_of_clinic'),
    cycleDate: date('cycle_date', { mode: 'string' }),
    /** QUEUE_TYPES: Fresh or Frozen. */
    queueType: text('queue_type').notNull().default('Fresh'),
    eggsRetrieved: smallint('eggs_retrieved'),
    eggsMature: smallint('eggs_mature'),
    eggsFertilized: smallint('eggs_fertilized'),
    embryosCreated: smallint('embryos_created'),
    embryosTransferred: smallint('embryos_transferred'),
    qualityOfEmbryosTransferred: text('quality_of_embryos_transferred'),
    embryosFrozen: smallint('embryos_frozen'),
    qualityOfEmbryosFrozen: text('quality_of_embryos_frozen'),
    pgsPgdCcs: boolean('pgs_pgd_ccs'),
    normalCount: smallint('normal_count'),
    abnormalCount: smallint('abnormal_count'),
    pregnancyResult: text('pregnancy_result'),
    eggsPurchased: smallint('eggs_purchased'),
    otherDetails: text('other_details'),
    createdAt: createdAt(),
  },
  (t) => [index('donor_donation_cycles_donor_idx').on(t.donorId)],
);

/** A medication or drug (is_drug) the donor takes or took. */
export const donorMedications = pgTable(
  'donor_medications',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    name: text('name').notNull(),
    isDrug: boolean('is_drug').notNull().default(false),
    prescribedBy: text('prescribed_by'),
    purpose: text('purpose'),
    diagnosis: text('diagnosis'),
    dosage: text('dosage'),
    howOften: text('how_often'),
    sideEffects: text('side_effects'),
    prescribedOn: date('prescribed_on', { mode: 'string' }),
    currentlyTaking: boolean('currently_taking').notNull().default(false),
    dateStopped: date('date_stopped', { mode: 'string' }),
    lengthOfTime: text('length_of_time'),
    otherDetails: text('other_details'),
  },
  (t) => [index('donor_medications_donor_idx').on(t.donorId)],
);

/** A pregnancy delivery. */
export const donorDeliveries = pgTable(
  'donor_deliveries',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    babyGender: text('baby_gender'),
    deliveryType: text('delivery_type'),
    pregnancyResult: text('pregnancy_result'),
    pregnancyComplications: text('pregnancy_complications'),
    /** Grams and centimetres. */
    birthWeightG: integer('birth_weight_g'),
    birthLengthCm: doublePrecision('birth_length_cm'),
    medicalIssues: text('medical_issues'),
    otherDetails: text('other_details'),
  },
  (t) => [index('donor_deliveries_donor_idx').on(t.donorId)],
);

/** A batch of the donor's frozen eggs held by the bank. */
export const donorFrozenBatches = pgTable(
  'donor_frozen_batches',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    refId: text('ref_id'),
    altId: text('alt_id'),
    frozenDate: date('frozen_date', { mode: 'string' }),
    /** The donor's age when the eggs were frozen. */
    batchAge: smallint('batch_age'),
    eggCount: smallint('egg_count'),
    /** FROZEN_BATCH_SELECTION_STATUSES. */
    selectionStatus: text('selection_status').notNull().default('Available'),
    networkAvailable: boolean('network_available').notNull().default(false),
    note: text('note'),
    selectedBy: integer('selected_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('donor_frozen_batches_donor_idx').on(t.donorId)],
);

/**
 * Stored files: storage_key is the name the storage layer generated (never the uploader's
 * file name); original_name is kept only for display, stripped to ASCII.
 */
const fileColumns = () => ({
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name'),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  private: boolean('private').notNull().default(false),
  createdAt: createdAt(),
});

/** Photos; one may be the profile (default) picture. */
export const donorPictures = pgTable(
  'donor_pictures',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    ...fileColumns(),
    caption: text('caption'),
    isDefault: boolean('is_default').notNull().default(false),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('donor_pictures_donor_idx').on(t.donorId),
    uniqueIndex('donor_pictures_one_default').on(t.donorId).where(sql`${t.isDefault}`),
  ],
);

export const donorVideos = pgTable(
  'donor_videos',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    ...fileColumns(),
    caption: text('caption'),
  },
  (t) => [index('donor_videos_donor_idx').on(t.donorId)],
);

export const donorDocuments = pgTable(
  'donor_documents',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    ...fileColumns(),
    title: text('title'),
  },
  (t) => [index('donor_documents_donor_idx').on(t.donorId)],
);

/** Files staff add beside the donor's own uploads, grouped by ADDITIONAL_DOCUMENT_KINDS. */
export const donorAdditionalDocuments = pgTable(
  'donor_additional_documents',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    kind: text('kind').notNull(),
    ...fileColumns(),
    title: text('title'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('donor_additional_documents_donor_idx').on(t.donorId, t.kind)],
);

/**
 * Answers to the center's customised questions. The question text is copied so an answer
 * still reads as the donor answered it after the question is edited; question_id refers to
 * customized_questions (no foreign key: answers outlive their question).
 */
export const donorCustomAnswers = pgTable(
  'donor_custom_answers',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    questionId: integer('question_id').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    isRequired: boolean('is_required').notNull().default(false),
    tab: text('tab').notNull().default('miscellaneous'),
  },
  (t) => [uniqueIndex('donor_custom_answers_donor_question_unique').on(t.donorId, t.questionId)],
);

/**
 * Staff notes on a donor, newest first. Each note belongs to the center of the staff who wrote it
 * (`center_id`): the staff of every center that may open the donor keep their own notes on it and
 * see only those (policy/note.ts).
 */
export const donorNotes = pgTable(
  'donor_notes',
  {
    id: serial('id').primaryKey(),
    donorId: donorRef(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('donor_notes_donor_center_idx').on(t.donorId, t.centerId, t.createdAt),
    // The foreign key's own index: a center's notes are found without reading every note.
    index('donor_notes_center_idx').on(t.centerId),
  ],
);
