import { z } from 'zod';
import { CLIENT_GRID_SIZE } from './constants.js';
import { DEFAULT_MATCH_STATUS_FILTER, MATCH_STATUS_FILTER_VALUES } from './match.js';
import { DONOR_AVAILABILITY, FROZEN_AVAILABILITY } from './roles.js';
import { idSchema } from './validation.js';

/**
 * The staff donor list (/viewdonor) and its tools, the donor import, the blank-mandatory-fields
 * report, archived donors and the monthly donor statistics (donor-forms spec sections 2, 4, 5,
 * 7 "Donor list and staff tools" and "Reports", 9). Both the web forms and the server judge
 * input with these schemas.
 */

/** Messages of these screens: the spec's wording where it gives one. */
export const STAFF_DONOR_MSG = {
  PRIORITY_MIN: 'Priority should be greater than Zero',
  PRIORITY_SAVED: 'Priority updated successfully.',
  IMPORT_FILES: 'Please select 4 csv files.',
  IMPORT_RUNNING: 'Import already in progress.',
  IMPORT_FAILED: 'Something went wrong.',
  IMPORT_STARTED: 'Import started. The results appear on the import status page.',
  HARD_DELETE_MISMATCH: "The donor id you typed does not match this donor's id.",
  HARD_DELETED: 'Donor deleted permanently.',
  DELETED: 'Donor deleted successfully.',
  RESERVED: 'Donor reserved successfully.',
  UNRESERVED: 'Donor unreserved successfully.',
  NOT_RESERVED: 'This donor is not reserved.',
  ALREADY_RESERVED: 'This donor is already reserved.',
  INVITE_SENT: 'Invitation sent successfully.',
  ALREADY_SIGNED_UP: 'This donor has already signed up.',
  VISIBILITY_SAVED: 'Donor visibility updated successfully.',
  AGENCY_NOT_ALLOWED: 'Your agency is not allowed in the matching tool.',
  STATUS_SAVED: 'Donor status updated successfully.',
  MESSAGE_BLANK: 'Message can not be blank.',
} as const;

/** Users grid and client grid sizes are constants the spec does not give; 20 like the other grids. */
export const DONOR_GRID_PAGE_SIZE = 20;
/** The blank-mandatory-fields report pages by 30 (spec section 9). */
export const MANDATORY_FIELDS_PAGE_SIZE = 30;
/** Archived donors use the client grid size (spec section 9). */
export const ARCHIVED_DONORS_PAGE_SIZE = CLIENT_GRID_SIZE;

export const PARENT_STATUS_FILTER = ['Active', 'Archived', 'Pre-Active'] as const;
export type ParentStatusFilter = (typeof PARENT_STATUS_FILTER)[number];

export const DONOR_GRID_SORTS = [
  'donor_id',
  'name',
  'username',
  'availability',
  'frozen_availability',
  'priority',
  'donation_count',
  'created',
] as const;
export type DonorGridSort = (typeof DONOR_GRID_SORTS)[number];

const from = z.coerce.number().int().min(0).default(0);
const ord = z.enum(['asc', 'desc']).default('desc');
const search = z.string().trim().max(100).default('');

/** getdonorbycenter (and its CSV export, which ignores from/to and lists every page). */
export const donorGridBody = z.object({
  from,
  to: z.coerce.number().int().min(1).default(DONOR_GRID_PAGE_SIZE),
  sort: z.enum(DONOR_GRID_SORTS).default('created'),
  ord,
  search,
  donor_availability: z.array(z.enum(DONOR_AVAILABILITY)).default([]),
  donor_frozen_availability: z.array(z.enum(FROZEN_AVAILABILITY)).default([]),
  /**
   * Which matches the Matches column counts, by the steps of MATCH_STATUS_FILTERS (all but
   * Completed by default), and of parents in which statuses (Active by default).
   */
  match_status_filter: z.array(z.enum(MATCH_STATUS_FILTER_VALUES)).default(DEFAULT_MATCH_STATUS_FILTER),
  parent_status: z.array(z.enum(PARENT_STATUS_FILTER)).default(['Active']),
  /** List only donors with at least one such match. */
  matched_only: z.coerce.boolean().default(false),
  /** Only donors assigned to the caller (assigned_donor). */
  assigned_donor: z.coerce.boolean().default(false),
});
export type DonorGridBody = z.input<typeof donorGridBody>;
export type DonorGridQuery = z.output<typeof donorGridBody>;

/** One row of the staff donor list (spec section 3 "Donor list row"). */
export interface DonorGridRow {
  userId: number;
  /** The donor's one shown id (donorDisplayId). */
  donorId: string;
  firstName: string;
  lastName: string;
  username: string;
  userStatus: string;
  donorType: string;
  availability: string;
  frozenAvailability: string | null;
  donationCount: number;
  priority: number;
  allowedForMatchingTool: boolean;
  queueType: string | null;
  matchCount: number;
  managerId: number | null;
  managerName: string;
  reservedParentId: number | null;
  reservedParentName: string;
  createdAt: string;
}

export interface DonorGridPage {
  rows: DonorGridRow[];
  total: number;
}

/** The CSV export's columns, in order. */
export const DONOR_CSV_HEADER = [
  'User ID',
  'Donor ID',
  'First name',
  'Last name',
  'Email',
  'Donor type',
  'Availability',
  'Frozen availability',
  'Donations',
  'Priority',
  'Visible in matching tool',
  'Open matches',
  'Case manager',
  'Reserved for',
  'Created',
] as const;

const id = idSchema();

export const reserveDonorBody = z.object({ donorid: id, parentid: id, managerid: id.nullish() });
export type ReserveDonorBody = z.input<typeof reserveDonorBody>;

/** Availabilities a reserved donor may be released to (Available by default). */
export const UNRESERVE_STATUSES = [
  'Available',
  'Unavailable',
  'On Hold',
  'Under Review',
  'In Cycle',
] as const;
export const unreserveDonorBody = z.object({
  donorid: id,
  status: z.enum(UNRESERVE_STATUSES).default('Available'),
});
export type UnreserveDonorBody = z.input<typeof unreserveDonorBody>;

export const setPriorityBody = z.object({
  priority: z.coerce
    .number({ error: STAFF_DONOR_MSG.PRIORITY_MIN })
    .int()
    .min(1, STAFF_DONOR_MSG.PRIORITY_MIN),
});
export type SetPriorityBody = z.input<typeof setPriorityBody>;

export const inviteDonorBody = z.object({
  user_id: id,
  email: z.email().optional(),
  first_name: z.string().trim().max(100).optional(),
  middle_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  isReInvite: z.coerce.boolean().default(false),
});
export type InviteDonorBody = z.input<typeof inviteDonorBody>;

export const visibilityBody = z.object({ user_id: id, allowed_for_tulip: z.coerce.boolean() });

/** Statuses staff set with updatedonorstatuswithemail. */
export const STAFF_SET_STATUSES = [
  'Available',
  'Unavailable',
  'In Cycle',
  'Under Review',
  'On Hold',
] as const;
export const donorStatusWithEmailBody = z.object({
  donor_id: id,
  status: z.enum(STAFF_SET_STATUSES),
  message: z.string().trim().min(1, STAFF_DONOR_MSG.MESSAGE_BLANK).max(5000, 'Message is too long.'),
  frozenStatus: z.enum(FROZEN_AVAILABILITY).nullish(),
});
export type DonorStatusWithEmailBody = z.input<typeof donorStatusWithEmailBody>;

export const hardDeleteBody = z.object({ typed_id: z.string().trim().max(50) });

// ---------------------------------------------------------------------------------------------
// Import

/**
 * The import takes 4 CSV files (general, physical, education, status) and an optional fifth
 * (races); every file has a donor_key column (the agency's donor id) that ties a donor's rows
 * together. A donor is imported from all its rows in one transaction or not at all.
 */
export const IMPORT_FILES = ['general', 'physical', 'education', 'status', 'races'] as const;
export type ImportFileKind = (typeof IMPORT_FILES)[number];
export const IMPORT_REQUIRED_FILES: readonly ImportFileKind[] = [
  'general',
  'physical',
  'education',
  'status',
];
export const IMPORT_COLUMNS: Record<ImportFileKind, readonly string[]> = {
  general: ['donor_key', 'email', 'first_name', 'last_name', 'date_of_birth', 'zipcode', 'city', 'state'],
  physical: ['donor_key', 'height_cm', 'weight_kg', 'eye_color', 'hair_color', 'blood_group'],
  education: ['donor_key', 'education_level'],
  status: ['donor_key', 'availability', 'donor_type'],
  races: ['donor_key', 'race', 'percentage'],
};
/** A file is recognised by its name starting with its kind (general.csv, physical-2026.csv ...). */
export function importFileKind(name: string): ImportFileKind | null {
  const lower = name.toLowerCase();
  return IMPORT_FILES.find((k) => lower.startsWith(k)) ?? null;
}

export const MAX_IMPORT_FILE_CHARS = 10_000_000;
export const importDonorsBody = z.object({
  files: z
    .array(z.object({ name: z.string().min(1).max(200), content: z.string().max(MAX_IMPORT_FILE_CHARS) }))
    .min(4, STAFF_DONOR_MSG.IMPORT_FILES)
    .max(5, STAFF_DONOR_MSG.IMPORT_FILES),
});
export type ImportDonorsBody = z.input<typeof importDonorsBody>;

export interface ImportRejection {
  file: string;
  row: number;
  donorKey: string;
  reason: string;
}

export interface ImportStatus {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  fileNames: string[];
  imported: number;
  importedKeys: string[];
  rejected: ImportRejection[];
  /**
   * Values of imported donors that are not app values and have no mapping yet: the field stays
   * blank until the master admin maps the value (/mapping).
   */
  awaitingMapping: { donorKey: string; field: string; value: string }[];
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Reports

export const mandatoryFieldsBody = z.object({
  from,
  to: z.coerce.number().int().min(1).default(MANDATORY_FIELDS_PAGE_SIZE),
  sort: z.enum(['donor_id', 'name', 'availability', 'blank_count']).default('blank_count'),
  ord,
  search,
  donor_availability: z.array(z.enum(DONOR_AVAILABILITY)).default([]),
});
export type MandatoryFieldsBody = z.input<typeof mandatoryFieldsBody>;

/** The general-tab fields a donor must fill, with the label the report shows. */
export const DONOR_MANDATORY_FIELDS = [
  { key: 'date_of_birth', label: 'Date of birth' },
  { key: 'zipcode', label: 'Zip code' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'height_cm', label: 'Height' },
  { key: 'weight_kg', label: 'Weight' },
  { key: 'education_level', label: 'Education level' },
  { key: 'eye_color', label: 'Eye color' },
  { key: 'hair_color', label: 'Hair color' },
  { key: 'blood_group', label: 'Blood group' },
] as const;

export interface MandatoryFieldsRow {
  userId: number;
  /** The donor's one shown id (donorDisplayId). */
  donorId: string;
  name: string;
  availability: string;
  blankFields: string[];
}

export const archivedDonorsBody = z.object({
  center: idSchema().nullish(),
  from,
  upto: z.coerce.number().int().min(1).default(ARCHIVED_DONORS_PAGE_SIZE),
  sort: z.enum(['donor_id', 'name', 'agency', 'archived_at']).default('archived_at'),
  ord,
  /** Only donors archived with a note. */
  isNotes: z.coerce.boolean().default(false),
  search,
});
export type ArchivedDonorsBody = z.input<typeof archivedDonorsBody>;

export interface ArchivedDonorRow {
  userId: number;
  /** The donor's one shown id (donorDisplayId). */
  donorId: string;
  name: string;
  agency: string;
  centerId: number;
  archivedNote: string | null;
  archivedAt: string;
}

export const MONTHLY_STATS_PERIODS = [3, 6, 12, 24, 60, 0] as const;
export const MONTHLY_STATS_LABEL: Record<number, string> = {
  3: '3 months',
  6: '6 months',
  12: '12 months',
  24: '24 months',
  60: '60 months',
  0: 'From the start',
};
export const monthlyStatsBody = z.object({
  center: idSchema().nullish(),
  /** Months back, or 0 for from the start. */
  timePeriod: z.coerce
    .number()
    .int()
    .refine((v) => (MONTHLY_STATS_PERIODS as readonly number[]).includes(v), 'Please choose a valid period.')
    .default(12),
});
export type MonthlyStatsBody = z.input<typeof monthlyStatsBody>;

export interface MonthlyStatsRow {
  centerId: number;
  agency: string;
  /** YYYY-MM */
  month: string;
  count: number;
}

// ---------------------------------------------------------------------------------------------
// Search by id and the donor's messages

/** GET /searchdonorbyid?id=: the donor id shown on the grids (or the agency's id, or the user id). */
export const searchDonorByIdQuery = z.object({
  id: z
    .string('Please enter Donor ID')
    .trim()
    .min(1, 'Please enter Donor ID')
    .max(50, 'Donor ID is too long.'),
});

export interface DonorIdMatch {
  userId: number;
  /** The donor's one shown id (donorDisplayId). */
  donorId: string;
  name: string;
  availability: string;
  archived: boolean;
}

/** GET /getusermessages/{donorId}: the messages staff sent the donor with her status changes. */
export interface DonorMessage {
  id: number;
  status: string;
  message: string;
  createdAt: string;
  sentBy: string | null;
}
