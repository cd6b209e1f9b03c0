import { z } from 'zod';
import type { DonorAvailability } from '../roles.js';
import { idSchema } from '../validation.js';
import { DEFAULT_FORM_PAGE, DONOR_FORM_TABS, type DonorFormTab, INITIAL_FORM_TABS } from './tabs.js';

// Status flow (spec section 4, "Donor form flow")

/** The initial form is editable in these states. */
export const INITIAL_FORM_STATES: readonly DonorAvailability[] = [
  'Invited',
  'General Info Pending Review',
  'Rejected Initial Form',
];
/** The donor fills only the initial form in these states. */
export const INITIAL_STAGE_STATES: readonly DonorAvailability[] = ['Invited', 'Rejected Initial Form'];
/** The main form may be submitted only from these. */
export const MAIN_SUBMIT_STATES: readonly DonorAvailability[] = [
  'Initial form Accepted',
  'Rejected Main Form',
];
/** Read-only for the donor while the agency reviews. */
export const PREVIEW_STATES: readonly DonorAvailability[] = [
  'General Info Pending Review',
  'Main Form Pending Review',
];
/** Also opened in preview: the donor is in a cycle or under review. */
export const PREVIEW_LANDING_STATES: readonly DonorAvailability[] = [
  'General Info Pending Review',
  'In Cycle',
  'Under Review',
];
/**
 * A donor saving in these states records a change set and moves to Available Donor Changes
 * Pending Review (the spec's list; Initial form Accepted included as the spec has it).
 */
export const CHANGE_TRACKED_STATES: readonly DonorAvailability[] = [
  'Available',
  'In Cycle',
  'On Hold',
  'Unavailable',
  'Available Donor Changes Pending Review',
  'Rejected Form Changes',
];
export const CHANGES_PENDING: DonorAvailability = 'Available Donor Changes Pending Review';

/** A scraped-profile donor is not auto-submitted in these states (spec section 4). */
export const SCRAPED_NO_AUTO_SUBMIT_STATES: readonly DonorAvailability[] = [
  'Invited',
  'General Info Pending Review',
  'Main Form Pending Review',
  'Available Donor Changes Pending Review',
  'Rejected Initial Form',
];
/**
 * Whether a scraped-profile donor's form is submitted for her when she opens it: outside the
 * listed states, and only where a main-form submission is possible at all.
 */
export const scrapedAutoSubmits = (status: string): boolean =>
  !SCRAPED_NO_AUTO_SUBMIT_STATES.includes(status as DonorAvailability) &&
  MAIN_SUBMIT_STATES.includes(status as DonorAvailability);

/** The eligibility check (age and BMI against the center's range) runs only in these. */
export const ELIGIBILITY_CHECK_STATES: readonly DonorAvailability[] = [
  'General Info Pending Review',
  'Main Form Pending Review',
  'Available Donor Changes Pending Review',
  'Rejected Initial Form',
];
export const eligibilityChecked = (status: string): boolean =>
  ELIGIBILITY_CHECK_STATES.includes(status as DonorAvailability);

/** The donor's main form is submitted as she opens the submit tab when compensation is visible. */
export function autoSubmitOnSubmitTab(status: {
  preview: boolean;
  canSubmitMain: boolean;
  centerSettings: { isCompensationVisible: boolean };
}): boolean {
  return status.centerSettings.isCompensationVisible && !status.preview && status.canSubmitMain;
}

/**
 * Whether the donor herself may save in this state. Initial form Accepted is an editing state:
 * the donor fills the main form there, so her saves are not change sets until the main form is
 * approved (the spec's list names it, but it would turn every first fill into a review).
 */
export function donorMayEdit(status: string): boolean {
  return !PREVIEW_STATES.includes(status as DonorAvailability) && status !== 'Under Review';
}
export const isChangeTracked = (status: string): boolean =>
  CHANGE_TRACKED_STATES.includes(status as DonorAvailability);
export const inInitialStage = (status: string): boolean =>
  INITIAL_STAGE_STATES.includes(status as DonorAvailability);

/** Whether a tab may be opened by the donor in this state (initial stage: tabs 1-3 and 10). */
export function tabOpen(status: string, tab: DonorFormTab): boolean {
  if (inInitialStage(status) || status === 'General Info Pending Review') {
    return INITIAL_FORM_TABS.includes(tab) || tab === 'submitForm';
  }
  return true;
}

/**
 * The tab the donor lands on: Invited or Rejected Initial Form go to their last tab, normalised
 * to 2 unless it is 10 or below 4; otherwise the last tab, default 2.
 */
export function landingPage(status: string, lastTab: number | null): number {
  const last = lastTab && lastTab >= 1 && lastTab <= DONOR_FORM_TABS.length ? lastTab : null;
  if (inInitialStage(status)) {
    if (last === null) return DEFAULT_FORM_PAGE;
    return last === 10 || last < 4 ? last : DEFAULT_FORM_PAGE;
  }
  return last ?? DEFAULT_FORM_PAGE;
}

/** Whether the donor sees the form read-only. */
export function formPreview(status: string, hasCurrentMatch = false): boolean {
  return (
    PREVIEW_STATES.includes(status as DonorAvailability) ||
    PREVIEW_LANDING_STATES.includes(status as DonorAvailability) ||
    (status === 'Available' && hasCurrentMatch)
  );
}

/** Staff decisions: from which state to which, and what the donor is told. */
export const REVIEW_DECISIONS = {
  'General Info Pending Review': { accept: 'Initial form Accepted', reject: 'Rejected Initial Form' },
  'Main Form Pending Review': { accept: 'Available', reject: 'Rejected Main Form' },
  'Available Donor Changes Pending Review': { accept: 'Available', reject: 'Rejected Form Changes' },
} as const satisfies Record<string, { accept: DonorAvailability; reject: DonorAvailability }>;
export type ReviewState = keyof typeof REVIEW_DECISIONS;
export const isReviewState = (status: string): status is ReviewState => status in REVIEW_DECISIONS;

export const reviewBody = z.object({
  donorId: idSchema(),
  decision: z.enum(['accept', 'reject']),
  message: z.string().trim().max(5000).default(''),
});
export type ReviewBody = z.infer<typeof reviewBody>;
