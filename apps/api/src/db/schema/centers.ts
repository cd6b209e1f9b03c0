import { type DonorFormTemplate, RANGE_NOT_SET, type RejectionRange } from '@dm/shared';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Center settings that vary per agency. Behaviour hangs off these, never off a center id.
 * Later features add keys here with a default, so older rows keep working.
 */
export interface CenterSettings {
  isFirstNameVisible: boolean;
  ipFormVisible: boolean;
  receiveTextMessages: boolean;
  canPreactiveIpAccessDonorDetail: boolean;
  isDonorTypeVisible: boolean;
  isCompensationVisible: boolean;
  portfolioDonorCount: number;
  defaultCaseManagerId: number | null;
  feedbackAllowed: boolean;
  compareDonors: boolean;
  selfOnlyRelations: boolean;
  /** The admin's users grids filter intended parents by primary or secondary (the circle center). */
  parentTypeFilter: boolean;
  raceTotalFree: boolean;
  /** Selected races and ethnicities share 100 evenly to two decimals (splitEvenly). */
  raceEvenSplit: boolean;
  excludedFromCenterList: boolean;
  viewsSortDescending: boolean;
  matchRequestLimit: number | null;
  combinedRequestLimit: number | null;
  queueSize: number;
  availableSpots: number;
  maxDonations: number;
  /** The display id of the center's sample donor: shown to prospects, its views never counted. */
  sampleDonorCode: string | null;
  /** The pre-form's age and BMI ranges (0: not set); see packages/shared/src/preform.ts. */
  rejectionRange: RejectionRange;
  /** Judge submitted pre-forms by the range and questions; needs a complete range. */
  autoRejection: boolean;
  /** Pre-form questions switched off for auto-rejection (every one counts by default). */
  disabledRejectionQuestions: number[];
  /** The agency takes part in the external matching tool (checkagencyallowedintulip). */
  matchingToolAllowed: boolean;
  /**
   * Frozen availability "Frozen Eggs Pending" (search spec section 4: one center only): while a
   * frozen-queue match of the donor is open, her frozen availability shows Frozen Eggs Pending.
   */
  frozenEggsPending: boolean;
  /**
   * Hours an Unavailable donor stays hidden from intended parents after a queued match of hers is
   * cancelled (the spec: "may hide the donor temporarily", no duration given). 0 switches it off.
   */
  unavailableHideHours: number;
  /** The center's own donor form template (hidden and renamed fields, clinic label); {} is the default form. */
  donorFormTemplate: DonorFormTemplate;
}

export const DEFAULT_CENTER_SETTINGS: CenterSettings = {
  isFirstNameVisible: true,
  ipFormVisible: false,
  receiveTextMessages: false,
  canPreactiveIpAccessDonorDetail: false,
  isDonorTypeVisible: true,
  isCompensationVisible: false,
  portfolioDonorCount: 40,
  defaultCaseManagerId: null,
  feedbackAllowed: false,
  compareDonors: false,
  selfOnlyRelations: false,
  parentTypeFilter: false,
  raceTotalFree: false,
  raceEvenSplit: false,
  excludedFromCenterList: false,
  viewsSortDescending: false,
  matchRequestLimit: null,
  combinedRequestLimit: null,
  queueSize: 3,
  availableSpots: 3,
  maxDonations: 5,
  sampleDonorCode: null,
  rejectionRange: RANGE_NOT_SET,
  autoRejection: false,
  disabledRejectionQuestions: [],
  matchingToolAllowed: false,
  frozenEggsPending: false,
  unavailableHideHours: 24,
  donorFormTemplate: {},
};

/** A center's settings with the defaults filled in for what it does not set. */
export function centerSettings(raw: Partial<CenterSettings> | null | undefined): CenterSettings {
  return { ...DEFAULT_CENTER_SETTINGS, ...(raw ?? {}) };
}

export const centers = pgTable('centers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  agencyName: text('agency_name').notNull(),
  appTitle: text('app_title').notNull(),
  metaDescription: text('meta_description').notNull().default(''),
  logoPath: text('logo_path'),
  domain: text('domain').notNull().default('Agency'),
  address: text('address').notNull().default(''),
  contactNo: text('contact_no').notNull().default(''),
  email: text('email').notNull().default(''),
  summary: text('summary').notNull().default(''),
  agencyUrl: text('agency_url').notNull().default(''),
  zipcode: text('zipcode').notNull().default(''),
  country: text('country').notNull().default('United States'),
  /** 1 visible, 0 hidden (the agency visibility toggle). */
  visible: boolean('visible').notNull().default(true),
  onboarded: boolean('onboarded').notNull().default(true),
  preActiveAccess: boolean('pre_active_access').notNull().default(false),
  payments: boolean('payments').notNull().default(false),
  consumerSite: boolean('consumer_site').notNull().default(false),
  settings: jsonb('settings').$type<Partial<CenterSettings>>().notNull().default({}),
  /** The agency's own Twilio number and account; texts are sent from them. */
  twilioPhoneNumber: text('twilio_phone_number'),
  twilioAccountSid: text('twilio_account_sid'),
  /** SecretBox-sealed (platform/crypto.ts), like the SMTP password. */
  twilioAuthTokenSealed: text('twilio_auth_token'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which other centers' donors a center may see (allowed organizations). */
export const centerDonorAccess = pgTable('center_donor_access', {
  centerId: integer('center_id')
    .notNull()
    .references(() => centers.id, { onDelete: 'cascade' }),
  allowedCenterId: integer('allowed_center_id')
    .notNull()
    .references(() => centers.id, { onDelete: 'cascade' }),
  /** When the access was granted (checkfornewagency names centers granted since a last login). */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
