import { donorMayEdit, tabOpen } from '../donor-form/status.js';
import type { DonorFormTab } from '../donor-form/tabs.js';
import { ROLE } from '../roles.js';
import { seesPrivateDonorFiles } from './file.js';
import { isCenterStaff, isClient, isStaff, type PolicySubject } from './subject.js';

/** The facts of a donor the rules read. */
export interface DonorFacts {
  donorId: number;
  centerId: number;
}

/** The donor's center's display switches (center settings, defaults applied). */
export interface DonorCenterDisplay {
  isFirstNameVisible: boolean;
  isCompensationVisible: boolean;
  isDonorTypeVisible: boolean;
}

/** What the caller may see of one donor (details, summaries, comparison, PDF). */
export interface DonorRedaction {
  /** Staff of the donor's own center, the master admin, or the donor themself. */
  insider: boolean;
  staff: boolean;
  firstName: boolean;
  lastName: boolean;
  compensation: boolean;
  /** Fresh, Frozen or Both: staff always, everyone else where the donor's center shows it. */
  donorType: boolean;
  /** Masked SSN and contact details. */
  ssn: boolean;
  contact: boolean;
  /** Frozen batch details: admin and manager (spec section 6). */
  frozenBatches: boolean;
  /** Additional documents are loaded for manager, admin and client. */
  additionalDocuments: boolean;
  /** Private uploads stay with staff and the donor. */
  privateFiles: boolean;
  /**
   * The notes panel: staff of every center that may open the donor (each center sees its own
   * notes on it, the master every center's: policy/note.ts notesCenter).
   */
  notes: boolean;
  /** The profile-wide admin notes: the donor's own agency (and the master). */
  adminNotes: boolean;
  /** The match panels of the details page. */
  matchPanels: boolean;
}

/**
 * Staff of the donor's own center (and the master) and the donor themself see everything their
 * role allows; everyone else sees the first name and the compensation only where the donor's
 * center shows them, and the donor type where it shows it or they are staff.
 */
export function donorRedaction(
  s: PolicySubject,
  donor: DonorFacts,
  center: DonorCenterDisplay,
): DonorRedaction {
  const staff = isStaff(s);
  const insider =
    s.role === ROLE.MASTER || s.userId === donor.donorId || (staff && s.centerId === donor.centerId);
  return {
    insider,
    staff,
    firstName: insider || center.isFirstNameVisible,
    lastName: staff || s.userId === donor.donorId,
    compensation: insider || center.isCompensationVisible,
    donorType: insider || seesHiddenDonorFact(s, center.isDonorTypeVisible),
    ssn: staff,
    contact: staff,
    frozenBatches: isCenterStaff(s),
    additionalDocuments: isCenterStaff(s) || isClient(s),
    privateFiles: seesPrivateDonorFiles(s),
    notes: staff,
    adminNotes: staff && insider,
    matchPanels: staff,
  };
}

/**
 * Which donors a caller may see, as a kind (the API turns it into SQL with the centers it may
 * see): the master every donor, a donor only themself, an intended parent the client-visible
 * donors of the centers it may see, other staff every donor of those centers.
 */
export function donorVisibilityKind(s: PolicySubject): 'all' | 'self' | 'centers' | 'client' {
  if (s.role === ROLE.MASTER) return 'all';
  if (s.role === ROLE.DONOR) return 'self';
  return isClient(s) ? 'client' : 'centers';
}

/** GET getdonorfrozenbatchdetails: admin and manager only. */
export const canReadFrozenBatches = (s: PolicySubject): boolean => isCenterStaff(s);

/**
 * A center switch that hides a donor fact from clients (compensation, donor type): staff always
 * see it.
 */
export const seesHiddenDonorFact = (s: PolicySubject, centerShows: boolean): boolean =>
  isStaff(s) || centerShows;

/** A client's look at a donor is counted (and captcha-gated); nobody else's. */
export const donorViewCounts = (s: PolicySubject): boolean => isClient(s);

/** Sharing a donor with another case manager: admin and manager. */
export const canShareDonor = (s: PolicySubject): boolean => isCenterStaff(s);

/**
 * Asking the agency about a donor (more details, favourite and note notifications to the case
 * manager): intended parents only.
 */
export const canAskAboutDonor = (s: PolicySubject): boolean => isClient(s);

/** Opening someone's favourites: one's own; staff those of a client of their center (master any). */
export function canReadFavoritesOf(
  s: PolicySubject,
  owner: { userId: number; role: number; centerId: number } | null,
): boolean {
  if (owner?.userId === s.userId) return true;
  if (!isStaff(s) || !owner || owner.role !== ROLE.CLIENT) return false;
  return s.role === ROLE.MASTER || owner.centerId === s.centerId;
}

/** The staff donor lists and tools (availability, forms, reservations): agency admins and case managers. */
export const mayWorkStaffDonors = (s: PolicySubject): boolean => isCenterStaff(s);

/** The admin-only tools of the staff donor list: CSV export, hard delete, delete (platform.md section 6). */
export const mayAdministerDonors = (s: PolicySubject): boolean => s.role === ROLE.ADMIN;

/** The availabilities a case manager may set a donor to; an agency admin also sets In Cycle and Under Review. */
export const MANAGER_SETTABLE_AVAILABILITY: readonly string[] = ['Available', 'Unavailable', 'On Hold'];

export const canSetDonorAvailability = (s: PolicySubject, availability: string): boolean =>
  s.role !== ROLE.MANAGER || MANAGER_SETTABLE_AVAILABILITY.includes(availability);

/** The archived donor list: the master and the staff of a center. */
export const mayListArchivedDonors = (s: PolicySubject): boolean => isStaff(s);

/**
 * The center whose archived donors the caller lists: the master the one named (none: every
 * center, null), others their own; another center named by them is unseen (undefined).
 */
export function archivedDonorsCenter(s: PolicySubject, centerId: number | null): number | null | undefined {
  if (s.role === ROLE.MASTER) return centerId;
  return centerId === null || centerId === s.centerId ? s.centerId : undefined;
}

/** New donors per agency per month: the master admin. */
export const mayReadDonorCounts = (s: PolicySubject): boolean => s.role === ROLE.MASTER;

/** Reading a donor's form as staff and reviewing its submissions: agency admins and case managers. */
export const mayReviewDonorForm = (s: PolicySubject): boolean => isCenterStaff(s);

/** Saving a donor form tab: the donor herself, or an agency admin editing fields directly (managers only read). */
export const mayEditDonorForm = (s: PolicySubject): boolean => s.role === ROLE.DONOR || s.role === ROLE.ADMIN;

/**
 * Changing one tab of a donor's form: an agency admin always; the donor while her state leaves the
 * form open (not under review: donorMayEdit) and the tab open in it; nobody else (case managers and
 * the master admin read). The save checks the same (mayEditDonorForm, then the donor's state).
 */
export function mayEditDonorFormTab(
  s: Pick<PolicySubject, 'role'>,
  availability: string,
  tab: DonorFormTab,
): boolean {
  if (s.role === ROLE.ADMIN) return true;
  return s.role === ROLE.DONOR && donorMayEdit(availability) && tabOpen(availability, tab);
}

/** Submitting and resetting a pre-form: the donor herself. */
export const mayFillPreform = (s: PolicySubject): boolean => s.role === ROLE.DONOR;
