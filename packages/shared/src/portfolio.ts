import { z } from 'zod';
import { PORTFOLIO_NAME_MAX, PORTFOLIO_NAME_MIN } from './constants.js';
import { MSG } from './messages.js';
import { searchFilters } from './search.js';
import { idSchema } from './validation.js';

/** Portfolio statuses (search spec section 4); Submitted only by the client. */
export const PORTFOLIO_STATUSES = ['Active', 'Submitted', 'Upcoming', 'Follow-up', 'Archived'] as const;
export type PortfolioStatus = (typeof PORTFOLIO_STATUSES)[number];
/** Statuses a case manager may set (Submitted is the client's). */
export const MANAGER_PORTFOLIO_STATUSES = ['Active', 'Upcoming', 'Follow-up', 'Archived'] as const;
/** A client acting on a portfolio in one of these is told the case manager changed it. */
export const CLIENT_CLOSED_STATUSES: readonly PortfolioStatus[] = ['Upcoming', 'Archived', 'Follow-up'];

export const FEEDBACK_VALUES = ['yes', 'maybe', 'no'] as const;
export type Feedback = (typeof FEEDBACK_VALUES)[number];

export const IP_QUERY_TYPES = ['ask_question', 'request_consultation'] as const;
export type IpQueryType = (typeof IP_QUERY_TYPES)[number];

/** Saving a search as a portfolio: fewer than this many donors (search spec section 9). */
export const SAVE_SEARCH_PORTFOLIO_LIMIT = 150;
/** Preview sorts of getshortlistdonors/{id}/preview/{sort}. */
export const PORTFOLIO_SORTS = ['order', 'age', 'height', 'feedback', 'added'] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

export const portfolioLimitWarning = (n: number) => `You can add up to ${n} donors in your portfolio`;
export const portfolioLimitExceeded = (n: number) =>
  `Maximum limit for adding donor to the portfolio ${n} has been exceeded.`;
export const portfolioNameLengthMessage = `Length should be greater than ${PORTFOLIO_NAME_MIN} and less than or equal to ${PORTFOLIO_NAME_MAX}`;

export const portfolioName = z
  .string({ error: portfolioNameLengthMessage })
  .trim()
  .min(PORTFOLIO_NAME_MIN, portfolioNameLengthMessage)
  .max(PORTFOLIO_NAME_MAX, portfolioNameLengthMessage);

const portfolioId = idSchema({ label: 'Portfolio id' });
const donorId = idSchema({ label: 'Donor id' });

export const createPortfolioBody = z.object({ name: portfolioName });
export const updatePortfolioBody = z.object({
  shortlist_id: portfolioId,
  name: portfolioName.optional(),
  status: z.enum(MANAGER_PORTFOLIO_STATUSES, { error: 'Status is invalid.' }).optional(),
});
export const statusBody = z.object({ status: z.enum(PORTFOLIO_STATUSES, { error: 'Status is invalid.' }) });
export const copyPortfolioBody = z.object({ newname: portfolioName, shortlist_id: portfolioId });
export const saveShortlistBody = z.object({
  donor_id: donorId,
  shortlist_ids: z.array(portfolioId).default([]),
  /** A name: also create a new portfolio with this donor. */
  new_item: portfolioName.optional(),
});
export type SaveShortlistBody = z.input<typeof saveShortlistBody>;
export const portfolioDonorBody = z.object({ shortlist_id: portfolioId, donor_id: donorId });
export const orderBody = z.object({
  listid: portfolioId,
  orders: z.array(z.object({ id: donorId, order: z.number().int().min(0) })).min(1, 'Orders are required.'),
});
export const getDonorIdBody = z.object({ filters: searchFilters });
export const saveSearchAsPortfolioBody = z
  .object({
    name: portfolioName.optional(),
    shortlist_id: portfolioId.optional(),
    donor_details: z.array(donorId).min(1, MSG.NO_DATA),
  })
  .refine((b) => b.name !== undefined || b.shortlist_id !== undefined, {
    message: MSG.PORTFOLIO_PICK,
    path: ['name'],
  });
export const portfolioIdBody = z.object({ portfolioId });
export const remainingQueueBody = z.object({ donors: z.array(donorId).max(500) });
export const shareWithClientBody = z.object({
  to: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid client email.' })),
  shortlist_id: portfolioId,
  mailtext: z.string().max(5000).default(''),
});
export const shareWithManagerBody = z.object({
  sharedTo: idSchema({ message: MSG.SELECT_MANAGER }),
  portfolioId,
  mailText: z.string().max(5000).default(''),
});
export const updateNotificationBody = z.object({ portfolio_id: portfolioId });
export const feedbackBody = z.object({
  shortlist_id: portfolioId,
  donor_id: donorId,
  feedback: z.enum(FEEDBACK_VALUES, { error: 'Feedback must be yes, maybe or no.' }),
});
export const notesQueryBody = z.object({ portfolio_id: portfolioId });
export const commentText = z
  .string({ error: MSG.COMMENT_EMPTY })
  .trim()
  .min(1, MSG.COMMENT_EMPTY)
  .max(5000, 'Comment is too long.');
export const donorCommentsBody = z.object({
  portfolios: z.array(portfolioId).min(1, 'Portfolios are required.'),
  donor_id: donorId,
  comment: commentText,
});
export const portfolioCommentBody = z.object({
  portfolio: portfolioId,
  donor: donorId.optional(),
  notes: commentText,
  isOverallComment: z.boolean().default(false),
});
export const downloadBody = z.object({
  id: portfolioId,
  sort: z.enum(PORTFOLIO_SORTS).default('order'),
  order: z.enum(['asc', 'desc']).default('asc'),
  isFirstNameVisible: z.boolean().default(true),
});
export const ipQueryBody = z.object({
  query_type: z.enum(IP_QUERY_TYPES, { error: 'Query type is invalid.' }),
  query: z.string({ error: MSG.QUERY_EMPTY }).trim().min(1, MSG.QUERY_EMPTY).max(5000),
  donor_id: donorId.optional(),
});

// --- answers

export const portfolioSummary = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(PORTFOLIO_STATUSES),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  managerId: z.number().nullable(),
  createdBy: z.number().nullable(),
  sharedBy: z.string().nullable(),
  donorCount: z.number(),
  updatedAt: z.string(),
  /** The caller may edit donors, name and status (creator, manager or shared-with manager). */
  canEdit: z.boolean(),
});
export type PortfolioSummary = z.infer<typeof portfolioSummary>;

export const portfolioDonor = z.object({
  donorId: z.number(),
  displayId: z.string().nullable(),
  agencyDisplayId: z.string().nullable(),
  firstName: z.string().nullable(),
  age: z.number().nullable(),
  heightCm: z.number().nullable(),
  eyeColor: z.string().nullable(),
  hairColor: z.string().nullable(),
  availability: z.string(),
  /** null where the donor's agency hides the donor type from the caller. */
  donorType: z.string().nullable(),
  photoUrl: z.string().nullable(),
  position: z.number(),
  feedback: z.enum(FEEDBACK_VALUES).nullable(),
  remainingQueue: z.number(),
  frozenRemainingQueue: z.number(),
  addedAt: z.string(),
});
export type PortfolioDonor = z.infer<typeof portfolioDonor>;

export const feedbackCounts = z.object({ yes: z.number(), maybe: z.number(), no: z.number() });
export type FeedbackCounts = z.infer<typeof feedbackCounts>;

export const portfolioDetail = z.object({
  portfolio: portfolioSummary,
  donors: z.array(portfolioDonor),
  counts: feedbackCounts,
  /** The caller may give feedback (a client of a center that allows it). */
  canGiveFeedback: z.boolean(),
  donorLimit: z.number(),
});
export type PortfolioDetail = z.infer<typeof portfolioDetail>;

export const portfolioNote = z.object({
  id: z.number(),
  donorId: z.number().nullable(),
  userId: z.number().nullable(),
  userName: z.string(),
  note: z.string(),
  isOverall: z.boolean(),
  createdAt: z.string(),
});
export type PortfolioNote = z.infer<typeof portfolioNote>;

export const saveShortlistAnswer = z.object({
  added: z.array(z.number()),
  created: z.number().nullable(),
  /** Set when the portfolio is close to its limit: the 'You can add up to {n}' warning. */
  warning: z.string().nullable(),
});
export type SaveShortlistAnswer = z.infer<typeof saveShortlistAnswer>;

export const sharedManager = z.object({ userId: z.number(), name: z.string(), sharedAt: z.string() });
export type SharedManager = z.infer<typeof sharedManager>;

export const remainingQueueItem = z.object({
  donorId: z.number(),
  remainingQueue: z.number(),
  frozenRemainingQueue: z.number(),
});
export type RemainingQueueItem = z.infer<typeof remainingQueueItem>;

/** GET getdonorfeedback/{id}: the portfolio feedback on one donor the caller may see. */
export const donorFeedbackEntry = z.object({
  portfolioId: z.number(),
  portfolioName: z.string(),
  clientName: z.string().nullable(),
  feedback: z.enum(FEEDBACK_VALUES),
  feedbackAt: z.string().nullable(),
});
export type DonorFeedbackEntry = z.infer<typeof donorFeedbackEntry>;
