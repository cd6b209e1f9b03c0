import type { RoleId } from './roles.js';
import type { SessionUser } from './session.js';

/** The one response envelope of every API call (ARCHITECTURE.md, platform.md section 7). */
export interface Envelope<T = unknown> {
  status: 'success' | 'error';
  message: string;
  data: T;
}

/**
 * Login outcomes of platform.md section 4.
 * - success: 200; the session cookie is set. The token is in the answer only when the body asked
 *   for it with `issueToken: true` (scripts using the x-access-token header), never otherwise.
 * - failed: 400 'Username or password is incorrect'; captchaRequired tells the page to show the captcha.
 * - showCaptcha: 400 with MSG.CAPTCHA_REQUIRED or MSG.CAPTCHA_INVALID; solve it and retry the login.
 * - archivedClient: 403 with MSG.ARCHIVED_CLIENT.
 * - redirectPartnerLogin: 200, the account signs in elsewhere (url).
 * Too many attempts answer 429 with MSG.TOO_MANY_ATTEMPTS and data null.
 */
export type LoginOutcome =
  | { outcome: 'success'; user: SessionUser; token?: string; destination: string }
  | { outcome: 'failed'; captchaRequired: boolean }
  | { outcome: 'showCaptcha' }
  | { outcome: 'archivedClient' }
  | { outcome: 'redirectPartnerLogin'; url: string };

export type LoginSuccess = Extract<LoginOutcome, { outcome: 'success' }>;

/** GET /api/terms */
export interface TermsAnswer {
  body: string;
  publishedAt: string;
}

/** POST /api/accepteula */
export interface AcceptEulaAnswer {
  affectedRows: number;
  eulaAcceptedAt: string;
}

/** POST /api/getusersignupdetails: what the invitation sign-up form is prefilled with. */
export interface SignupDetails {
  username: string;
  firstname: string;
  middlename: string;
  lastname: string;
  contactno: string;
  userType: RoleId;
  agencyName: string;
}

/** POST /api/signuptokenauth */
export interface SignupTokenAnswer {
  redirectUrl: string;
}

/** GET /api/getcurrentyearandagencydata (public; by the request's host or center 1). */
export interface AgencyData {
  agency: {
    centerId: number;
    name: string;
    appTitle: string;
    metaDesc: string;
    logoUrl: string | null;
    preActiveAccess: boolean;
    consumerSite: boolean;
  };
  year: number;
}

/** GET /api/getcenters */
export interface CenterOption {
  centerId: number;
  name: string;
}

/** POST /api/inviteuser */
export interface InviteUserAnswer {
  userId: number;
}

/** GET /api/getallcountries (public), sorted by name. */
export interface CountryOption {
  isoCode: string;
  name: string;
  phoneCode: string;
}

/** GET /api/getallstates/{countryId ISO} (public), sorted by name. */
export interface StateOption {
  isoCode: string;
  name: string;
}

/** GET /api/getallcities/{stateId ISO}/{countryId ISO} (public), sorted by name. */
export interface CityOption {
  name: string;
}

/** POST /api/fetchcoordinate: where a zip code lies (from the zip_codes table). */
export interface ZipCoordinate {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/** POST /api/fetchcoordinate with checkOnly: whether the zip code is known. */
export interface ZipValidity {
  valid: boolean;
}

/** POST /api/checkcoordinateszipcode */
export interface ZipKnown {
  val: boolean;
}

/**
 * GET /api/getagencieshasdonoraccess. The spec reads agencyWithMultiAgencyAccess beside data; we
 * keep the one envelope and put both lists in data.
 * - agencies: the centers whose donors the caller's center may see, its own included (all for the master).
 * - agencyWithMultiAgencyAccess: ids of those centers that may see donors of at least one center
 *   besides their own (their staff get the multi-agency menus and chat lists).
 */
export interface AgenciesWithDonorAccess {
  agencies: CenterOption[];
  agencyWithMultiAgencyAccess: number[];
}

/** A displayed value of a donor profile field. */
export type DonorFieldValue = string | number | boolean | string[] | null;
/** A group of profile fields, keyed by camelCase field name (the web labels them). */
export type DonorFields = Record<string, DonorFieldValue>;

/** A picture, video or document of a donor; `url` streams it through the API (never a disk path). */
export interface DonorFile {
  id: number;
  url: string;
  title: string | null;
  contentType: string;
  private: boolean;
  isDefault: boolean;
  /** Additional documents only: IMG, VID or DOC. */
  kind: string | null;
}

/** GET /api/getdonornotes/{id} and POST /api/donornotes (staff only). */
export interface DonorNote {
  noteId: number;
  managerId: number | null;
  managerName: string;
  note: string;
  createdAt: string;
}

/**
 * GET /api/getdonordetails/{id}: the donor page, redacted for the caller.
 * - firstName: null where the donor's center hides it from this caller; lastName staff only.
 * - compensation: null where the donor's center does not show it to this caller.
 * - ssn: masked (***-**-1234) for staff, null for everyone else; never the number.
 * - frozenBatches: admin and manager only (null otherwise).
 * - additionalDocuments: manager, admin and client (null otherwise).
 * - notes, adminNotes, contact and matchPanels: staff only (null otherwise).
 * - Private files are left out for clients.
 */
export interface DonorDetails {
  donorId: number;
  displayId: string | null;
  agencyDisplayId: string | null;
  centerId: number;
  centerName: string;
  firstName: string | null;
  lastName: string | null;
  age: number | null;
  availability: string;
  frozenAvailability: string | null;
  /** null where the donor's agency hides the donor type from the caller (isDonorTypeVisible). */
  donorType: string | null;
  viewsCount: number;
  isFavorite: boolean;
  compensation: number | null;
  ssn: string | null;
  contact: { email: string; contactNo: string; countryCode: string; address: string | null } | null;
  general: DonorFields;
  personalHealth: DonorFields;
  healthAnswers: { key: string; answer: boolean; details: string | null }[];
  characteristics: DonorFields;
  races: { name: string; percentage: number }[];
  ethnicities: { name: string; percentage: number }[];
  family: { members: DonorFields[]; history: DonorFields[]; diseases: DonorFields[] };
  education: { records: DonorFields[]; exams: DonorFields[] };
  pastDonations: DonorFields[];
  medications: DonorFields[];
  deliveries: DonorFields[];
  customAnswers: { question: string; answer: string }[];
  pictures: DonorFile[];
  videos: DonorFile[];
  documents: DonorFile[];
  additionalDocuments: DonorFile[] | null;
  frozenBatches: DonorFields[] | null;
  notes: DonorNote[] | null;
  adminNotes: string | null;
  /** Active and queued matches (staff only); filled once the match workflow exists. */
  matchPanels: { active: DonorFields[]; queued: DonorFields[] } | null;
}

/**
 * POST /api/getpdffromhtml: the donor profile as a PDF, in the envelope like the portfolio
 * spreadsheet (base64), so one request wrapper handles its errors. `images` is how many of the
 * donor's pictures it embeds (at most PDF_MAX_IMAGES).
 */
export interface DonorPdf {
  fileName: string;
  contentType: 'application/pdf';
  pdf: string;
  images: number;
}

/** PUT /api/donorviews/{id} */
export interface DonorViewAnswer {
  counted: boolean;
}

/** A donor in the favourites, shared-donor and comparison lists. */
export interface DonorSummary {
  donorId: number;
  displayId: string | null;
  /** The agency's own id; shown before displayId (donorDisplayId). */
  agencyDisplayId: string | null;
  firstName: string | null;
  age: number | null;
  availability: string;
  /** null where the donor's agency hides the donor type from the caller (isDonorTypeVisible). */
  donorType: string | null;
  centerId: number;
  heightCm: number | null;
  eyeColor: string | null;
  hairColor: string | null;
  educationLevel: string | null;
  bloodGroup: string | null;
  picture: string | null;
}

/** GET /api/getfavoritelist/{id} */
export interface FavoriteDonor extends DonorSummary {
  favoritedAt: string;
}

/** GET /api/getshareddonorlist */
export interface SharedDonor extends DonorSummary {
  shareId: number;
  sharedByName: string;
  message: string;
  sharedAt: string;
}

/** GET /api/getmanagers: the other case managers of the caller's center. */
export interface ManagerOption {
  userId: number;
  name: string;
}

/** GET /api/comparedonors?ids=1,2,3 */
export interface CompareDonor extends DonorSummary {
  compensation: number | null;
  races: string[];
  ethnicities: string[];
  religion: string | null;
  previousDonor: boolean;
  provenFertility: boolean;
  amhValue: number | null;
  donationCount: number;
}
