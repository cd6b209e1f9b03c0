import { z } from 'zod';
import { QUEUE_TYPES } from './donor.js';
import { ROLE, type RoleId } from './roles.js';
import { idSchema } from './validation.js';

/**
 * The match workflow (search spec section 4 "Match status", donor-forms spec "Matches (staff
 * side)"), as one pure function both the server (which enforces it) and the web (which only
 * shows the buttons it allows) use.
 *
 * Statuses and the transitions this product implements ("-" is "no open match yet"):
 *
 * | action          | call                         | from                                   | to                | who                    |
 * |-----------------|------------------------------|----------------------------------------|-------------------|------------------------|
 * | request         | startmatchrequest            | -                                      | Confirm           | client (self), staff   |
 * | accept_referral | acceptreferralmatch          | Confirm                                | Referral Accepted | staff                  |
 * | queue           | addipindonorqueue            | Confirm, Referral Accepted             | Queued            | staff                  |
 * | confirm         | confirmdonormatch            | Confirm, Referral Accepted, Queued     | Active            | staff                  |
 * | complete        | completedonormatch           | Active                                 | Confirm           | staff                  |
 * | resolve         | resolvematchprocess          | Active                                 | Completed         | staff                  |
 * | cancel          | cancelmatch                  | every open status                      | Cancel Request    | staff (reason needed)  |
 * | cancel_request  | canceldonorrequesttomatch    | every open status but Active           | Cancel Request    | client (own), staff    |
 * | reserve         | reservedonorformatch         | -, Request, Pending, Confirm           | Confirm           | staff                  |
 * | unreserve       | unreservedonorformatch       | -, every open status but Active        | Cancel Request    | staff                  |
 *
 * "Staff" is an admin or case manager of the donor's center. The spec's table says a started
 * request goes "to Confirm" (waiting for the agency to confirm) and that completing a match
 * goes "back to Confirm": completedonormatch ends the cycle without a donation and returns the
 * match to waiting-to-confirm, while resolvematchprocess records the donation and closes the
 * match as Completed. Request and Pending are statuses the spec lists and its filters offer,
 * but no call of the spec produces them; the machine treats them like Confirm if imported rows
 * carry them.
 *
 * Effects on the donor (match.service.ts): a request makes an Available donor Under Review; an
 * Active match makes the donor In Cycle; when the last open match ends the donor is Available
 * again (or Unavailable with set_unavailable). Confirming a parent's match cancels that
 * parent's other open requests.
 *
 * Reserving (the staff donor list) holds a donor for one parent: it opens (or keeps) that
 * parent's waiting match and sets the donor Reserved, which the workflow leaves alone and no
 * other parent can request. Unreserving cancels the reserved parent's waiting match if it still
 * has one ("-": it was already cancelled) and sets the availability staff choose.
 */
export const MATCH_STATUSES = [
  'Request',
  'Pending',
  'Confirm',
  'Referral Accepted',
  'Active',
  'Queued',
  'Cancel Request',
  'Completed',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** Statuses of a match still in progress (a parent has at most one per donor). */
export const OPEN_MATCH_STATUSES: readonly MatchStatus[] = [
  'Request',
  'Pending',
  'Confirm',
  'Referral Accepted',
  'Queued',
  'Active',
];
/** Open matches waiting for the donor (they take a spot of the donor's queue). */
export const WAITING_MATCH_STATUSES: readonly MatchStatus[] = [
  'Request',
  'Pending',
  'Confirm',
  'Referral Accepted',
  'Queued',
];

export const MATCH_ACTIONS = [
  'request',
  'accept_referral',
  'queue',
  'confirm',
  'complete',
  'resolve',
  'cancel',
  'cancel_request',
  'reserve',
  'unreserve',
] as const;
export type MatchAction = (typeof MATCH_ACTIONS)[number];

/** Who acts on a match: the match's own parent, staff of the donor's center, or anyone else. */
export type MatchActor = 'parent' | 'staff' | 'other';

const WAITING_CONFIRM: readonly (MatchStatus | null)[] = ['Request', 'Pending', 'Confirm'];

const RULES: Record<
  MatchAction,
  { from: readonly (MatchStatus | null)[]; to: MatchStatus; actors: readonly MatchActor[] }
> = {
  request: { from: [null], to: 'Confirm', actors: ['parent', 'staff'] },
  accept_referral: { from: WAITING_CONFIRM, to: 'Referral Accepted', actors: ['staff'] },
  queue: { from: [...WAITING_CONFIRM, 'Referral Accepted'], to: 'Queued', actors: ['staff'] },
  confirm: { from: [...WAITING_CONFIRM, 'Referral Accepted', 'Queued'], to: 'Active', actors: ['staff'] },
  complete: { from: ['Active'], to: 'Confirm', actors: ['staff'] },
  resolve: { from: ['Active'], to: 'Completed', actors: ['staff'] },
  cancel: { from: OPEN_MATCH_STATUSES, to: 'Cancel Request', actors: ['staff'] },
  cancel_request: { from: WAITING_MATCH_STATUSES, to: 'Cancel Request', actors: ['parent', 'staff'] },
  reserve: { from: [null, ...WAITING_CONFIRM], to: 'Confirm', actors: ['staff'] },
  unreserve: { from: [null, ...WAITING_MATCH_STATUSES], to: 'Cancel Request', actors: ['staff'] },
};

/**
 * The status an action leads to, or null when the action is not allowed from `from` (null: the
 * parent has no open match with the donor) for this actor.
 */
export function matchTransition(
  from: MatchStatus | null,
  action: MatchAction,
  actor: MatchActor,
): MatchStatus | null {
  const rule = RULES[action];
  if (!rule.actors.includes(actor)) return null;
  return rule.from.includes(from) ? rule.to : null;
}

/** Every action the actor may take on a match in this status. */
export function allowedMatchActions(from: MatchStatus | null, actor: MatchActor): MatchAction[] {
  return MATCH_ACTIONS.filter((a) => matchTransition(from, a, actor) !== null);
}

export function matchActorOf(role: RoleId, isOwnParent: boolean, isDonorCenterStaff: boolean): MatchActor {
  if (role === ROLE.CLIENT) return isOwnParent ? 'parent' : 'other';
  if ((role === ROLE.MANAGER || role === ROLE.ADMIN) && isDonorCenterStaff) return 'staff';
  return 'other';
}

/**
 * The match status filter of the grids (donor-forms spec section 4): each option covers a range
 * of steps, so "Waiting to Confirm" also lists matches that went on to a referral or a cycle.
 */
export const MATCH_STATUS_FILTERS = [
  { value: 'Active', label: 'Active', statuses: ['Active'] },
  { value: 'Queued', label: 'Queued', statuses: ['Queued'] },
  { value: 'Completed', label: 'Completed', statuses: ['Completed'] },
  {
    value: 'Confirm',
    label: 'Waiting to Confirm',
    statuses: ['Confirm', 'Referral Accepted', 'Active'],
  },
  { value: 'Pending', label: 'Pending', statuses: ['Pending', 'Request'] },
  { value: 'Referral Accepted', label: 'Referral Accepted', statuses: ['Referral Accepted', 'Active'] },
] as const satisfies readonly { value: string; label: string; statuses: readonly MatchStatus[] }[];
export type MatchStatusFilter = (typeof MATCH_STATUS_FILTERS)[number]['value'];
export const MATCH_STATUS_FILTER_VALUES = MATCH_STATUS_FILTERS.map((f) => f.value) as [
  MatchStatusFilter,
  ...MatchStatusFilter[],
];
/** Every filter is on by default except Completed. */
export const DEFAULT_MATCH_STATUS_FILTER: MatchStatusFilter[] = MATCH_STATUS_FILTER_VALUES.filter(
  (v) => v !== 'Completed',
);

/** The statuses a set of filter options lists. */
export function statusesForFilters(filters: readonly MatchStatusFilter[]): MatchStatus[] {
  const out = new Set<MatchStatus>();
  for (const f of MATCH_STATUS_FILTERS) if (filters.includes(f.value)) for (const s of f.statuses) out.add(s);
  return [...out];
}

/** Page size of the requested-donor and match tracking grids. */
export const MATCH_GRID_PAGE_SIZE = 10;

export const MATCH_MSG = {
  CANCEL_REASON: 'Please mention reason to cancel match first',
  REQUESTED: 'Match requested successfully.',
  CONFIRMED: 'Match confirmed successfully.',
  QUEUED: 'Donor queue updated successfully.',
  COMPLETED: 'Match completed successfully.',
  RESOLVED: 'Donation details saved successfully.',
  CANCELLED: 'Match cancelled successfully.',
  REQUEST_CANCELLED: 'Match request cancelled successfully.',
  REFERRAL_ACCEPTED: 'Referral accepted successfully.',
  STATUS_UPDATED: 'Donor status updated successfully.',
  ALREADY_REQUESTED: 'You have already requested a match with this donor.',
  NO_OPEN_MATCH: 'There is no open match request for this donor.',
  NOT_ALLOWED: 'This action is not allowed for the match in its current status.',
  DONOR_NOT_AVAILABLE: 'This donor is not available for a match.',
  QUEUE_FULL: "This donor's queue is full.",
  PARENT_LIMIT: 'You have reached the maximum number of open match requests.',
  MAX_DONATIONS: 'This donor has reached the maximum number of donations.',
  DONOR_IN_CYCLE: 'This donor is already in a cycle; add the intended parent to the queue instead.',
  SELECT_PARENT: 'Please select an intended parent.',
} as const;

/** Availability a staff member may set with updatedonorstatus. */
export const MATCH_DONOR_STATUSES = ['Available', 'Unavailable', 'In Cycle', 'Under Review'] as const;

const queueType = z.enum(QUEUE_TYPES).default('Fresh');
const id = idSchema();
const optionalId = idSchema().nullish();

/** The body of startmatchrequest, confirmdonormatch, completedonormatch, canceldonorrequesttomatch. */
export const matchRequestBody = z.object({
  donor_id: id,
  portfolio_id: optionalId,
  manager_id: optionalId,
  /** The intended parent; a client acting for themself may leave it out. */
  parent_id: optionalId,
  queue_type: queueType,
  comment: z.string().trim().max(2000).nullish(),
});
export type MatchRequestBody = z.output<typeof matchRequestBody>;

export const addToQueueBody = matchRequestBody.extend({
  queueConfirmationData: z.unknown().optional(),
  isFreshMatchingMatched: z.boolean().optional(),
});

export const cancelMatchBody = matchRequestBody.extend({
  comment: z.string().trim().max(2000).nullish(),
  set_unavailable: z.boolean().default(false),
});
export type CancelMatchBody = z.output<typeof cancelMatchBody>;

const optionalCount = z.coerce.number().int().min(0).max(1000).nullish();
const optionalText = z.string().trim().max(2000).nullish();

/**
 * resolvematchprocess: the donation detail (search spec section 3). Clinic, cycle date and eggs
 * retrieved are the mandatory fields; the route answers 'Please fill all the mandatory fields.'
 * when one is missing, so they are optional here and checked by isDonationComplete.
 */
export const resolveMatchBody = z.object({
  donorId: id,
  parent_id: id,
  parent_name: z.string().max(200).nullish(),
  name_of_clinic: optionalText,
  cycle_date: z.iso.date().nullish().or(z.literal('')),
  eggs_retrieved: optionalCount,
  eggs_mature: optionalCount,
  eggs_fertilized: optionalCount,
  embryos_created: optionalCount,
  embryos_transferred: optionalCount,
  quality_of_embryos_transferred: optionalText,
  embryos_frozen: optionalCount,
  quality_of_embryos_frozen: optionalText,
  pgs_pgd_ccs: z.boolean().nullish(),
  normal_count: optionalCount,
  abnormal_count: optionalCount,
  pregnancy_result: optionalText,
  other_details: optionalText,
  eggs_purchased: optionalCount,
  queue_type: queueType,
  set_unavailable: z.boolean().default(false),
  /** The donor's availability after the donation (Available unless set_unavailable). */
  other_availability: z.enum(['Available', 'Unavailable']).nullish(),
});
export type ResolveMatchBody = z.output<typeof resolveMatchBody>;
export type ResolveMatchInput = z.input<typeof resolveMatchBody>;

export function isDonationComplete(b: {
  name_of_clinic?: string | null;
  cycle_date?: string | null;
  eggs_retrieved?: unknown;
}): boolean {
  return (
    Boolean(b.name_of_clinic?.trim()) &&
    Boolean(b.cycle_date) &&
    b.eggs_retrieved !== null &&
    b.eggs_retrieved !== undefined &&
    b.eggs_retrieved !== ''
  );
}

export const MATCH_SORTS = ['requested', 'updated', 'donor', 'parent', 'status', 'availability'] as const;

/** getotheragenciesmatchrequestedip and the other match grids. */
export const matchGridBody = z.object({
  from: z.coerce.number().int().min(0).default(0),
  to: z.coerce.number().int().min(1).default(MATCH_GRID_PAGE_SIZE),
  sort: z.enum(MATCH_SORTS).default('updated'),
  ord: z.enum(['asc', 'desc']).default('desc'),
  donor_availability: z.array(z.enum(MATCH_DONOR_STATUSES)).default([]),
  match_status_filter: z.array(z.enum(MATCH_STATUS_FILTER_VALUES)).default(DEFAULT_MATCH_STATUS_FILTER),
  search: z.string().trim().max(100).default(''),
  /** Only requests by parents of this center (requested-donors-list?center=). */
  center: idSchema().nullish(),
});
export type MatchGridBody = z.input<typeof matchGridBody>;

/** The Match Cancelled Report (donormatchreport): cancelled matches in a date range. */
export const matchReportBody = z.object({
  from: z.coerce.number().int().min(0).default(0),
  to: z.coerce.number().int().min(1).default(MATCH_GRID_PAGE_SIZE),
  startdate: z.iso.date().nullish(),
  lastdate: z.iso.date().nullish(),
  sort: z.enum(MATCH_SORTS).default('updated'),
  ord: z.enum(['asc', 'desc']).default('desc'),
});
export type MatchReportBody = z.input<typeof matchReportBody>;

/** One match as the grids, panels and buttons show it. */
export interface MatchRow {
  matchId: number;
  donorId: number;
  /** The donor's one shown id (donorDisplayId: agency id, else display id, else user id). */
  donorDisplayId: string;
  donorName: string;
  donorAvailability: string;
  donorCenterId: number;
  parentId: number;
  parentFirstName: string;
  parentLastName: string;
  ipAgencyName: string;
  parentCenterId: number;
  portfolioId: number | null;
  queueType: string;
  status: MatchStatus;
  queuePosition: number | null;
  cancelReason: string | null;
  requestedAt: string;
  statusChangedAt: string;
}

export interface MatchPage {
  rows: MatchRow[];
  total: number;
}

/** getdonormatchstatus: what the match buttons of a donor need to know. */
export interface DonorMatchStatus {
  donorId: number;
  donorAvailability: string;
  donorType: string;
  remainingQueue: number;
  frozenRemainingQueue: number;
  /** The caller is staff of the donor's center (may confirm, queue, cancel...). */
  staff: boolean;
  /** The client's own open match with this donor (clients only). */
  own: MatchRow | null;
  /**
   * The donor's open matches the caller follows (`followedMatches`): every one for staff of the
   * donor's center, their own intended parents' for staff of another center (who do not act on
   * them: `staff` is false), none for others.
   */
  open: MatchRow[];
}

export interface MatchEventRow {
  matchId: number;
  action: MatchAction;
  fromStatus: MatchStatus | null;
  toStatus: MatchStatus;
  reason: string | null;
  at: string;
  actorName: string;
}

/** GET fetchcurrentmatchcontacts/{donorId}: the parents of a donor's active and queued matches. */
export interface MatchContact {
  matchId: number;
  parentId: number;
  parentName: string;
  status: MatchStatus;
  email: string;
  countryCode: string;
  contactNo: string;
}

/**
 * After a match is cancelled or its donation details are recorded, the page moves to the donor's
 * past donations after this delay (donor-forms spec "Cancel-to-donations redirect delay 2 s"), so
 * the success message is read first.
 */
export const DONATIONS_REDIRECT_MS = 2000;
