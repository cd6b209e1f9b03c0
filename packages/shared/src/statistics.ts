import { z } from 'zod';
import { DONOR_TYPE_LABEL, DONOR_TYPES } from './donor.js';
import { pagePath } from './pages.js';
import { ROLE, type RoleId } from './roles.js';
import { idSchema } from './validation.js';

/**
 * The admin dashboard and the master admin's /statistics page (spec donor-forms section 2,
 * "Statistics" of section 7 and the dashboard constants of section 9).
 */

/** The dashboard charts cover this many months, the current one last. */
export const DASHBOARD_MONTHS = 12;

/** Statistic user type ids, in the spec's order (section 9). */
export const STAT_USER_TYPES = [ROLE.MANAGER, ROLE.ADMIN, ROLE.CLIENT, ROLE.DONOR] as const;
export type StatUserType = (typeof STAT_USER_TYPES)[number];

export const STAT_USER_TYPE_LABEL: Record<StatUserType, string> = {
  [ROLE.MANAGER]: 'Case manager',
  [ROLE.ADMIN]: 'Admin',
  [ROLE.CLIENT]: 'Intended parent',
  [ROLE.DONOR]: 'Donor',
};

/** User statuses a statistic counts: Active, Invited, Archived; clients also Pre-Active. */
export function statStatusesFor(userType: StatUserType): string[] {
  const base = ['Active', 'Invited', 'Archived'];
  return userType === ROLE.CLIENT ? [...base, 'Pre-Active'] : base;
}

/** Portfolio states the dashboard charts (spec: active, archived, follow-up, upcoming). */
export const DASHBOARD_PORTFOLIO_STATUSES = ['Active', 'Archived', 'Follow-up', 'Upcoming'] as const;

export const STAT_DONOR_TYPES = DONOR_TYPES;
export const STAT_DONOR_TYPE_LABEL = DONOR_TYPE_LABEL;

/** The spec's "all centers" is null, 0, '0', '' or nothing: null. */
const centerId = z
  .preprocess(
    (v: number | string | null) => (v === '' ? null : v),
    idSchema({ message: 'Center id is invalid.', orZero: true }).nullable(),
  )
  .optional()
  .transform((v) => v || null);

/** Every statistic takes an optional center: an admin's own (another answers 404), the master's choice or all. */
export const statCenterBody = z.object({ center_id: centerId });
export type StatCenterBody = z.input<typeof statCenterBody>;

export const countUserByAgencyBody = z.object({
  center_id: centerId,
  user_type: z.coerce
    .number({ error: 'User type is invalid.' })
    .refine((v): v is StatUserType => (STAT_USER_TYPES as readonly number[]).includes(v), {
      message: `User type must be one of ${STAT_USER_TYPES.join(', ')}.`,
    }),
});
export type CountUserByAgencyBody = z.input<typeof countUserByAgencyBody>;

export const CASE_MANAGER_SORTS = [
  'name',
  'email',
  'status',
  'clients',
  'activePortfolios',
  'createdAt',
] as const;
export type CaseManagerSort = (typeof CASE_MANAGER_SORTS)[number];

export const caseManagersBody = z.object({
  center_id: centerId,
  sort: z
    .enum(CASE_MANAGER_SORTS, { error: `Sort must be one of ${CASE_MANAGER_SORTS.join(', ')}.` })
    .default('name'),
  ord: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc.' }).default('asc'),
  /** Part of the name or e-mail. */
  search: z.string().trim().max(200, 'Search must be at most 200 characters.').default(''),
});
export type CaseManagersBody = z.input<typeof caseManagersBody>;

/** One line of a monthly chart: what was added each month and the running total at its end. */
export const monthlySeries = z.object({
  key: z.string(),
  label: z.string(),
  added: z.array(z.number()),
  cumulative: z.array(z.number()),
});
export type MonthlySeries = z.output<typeof monthlySeries>;

/** POST usercountbymonth and portfolioCountByMonth: months as YYYY-MM, oldest first. */
export const monthlyCounts = z.object({ months: z.array(z.string()), series: z.array(monthlySeries) });
export type MonthlyCounts = z.output<typeof monthlyCounts>;

export const countItem = z.object({ key: z.string(), label: z.string(), count: z.number() });
export type CountItem = z.output<typeof countItem>;

/** donoravailabilitycount, usercountbeforecurrentyear, portfoliocountbeforecurrentyear. */
export const countList = z.object({
  /** For the before-current-year counts: the year whose 1 January is the cut. */
  year: z.number().nullable(),
  items: z.array(countItem),
  total: z.number(),
});
export type CountList = z.output<typeof countList>;

export const agencyCountRow = z.object({
  centerId: z.number(),
  name: z.string(),
  counts: z.array(z.number()),
  total: z.number(),
});
export type AgencyCountRow = z.output<typeof agencyCountRow>;

/** countuserbyagency, portfolioscount, donorstypescount: one row per center, one count per column. */
export const agencyCountTable = z.object({ columns: z.array(z.string()), rows: z.array(agencyCountRow) });
export type AgencyCountTable = z.output<typeof agencyCountTable>;

/** POST getcasemanagersdetails. */
export const caseManagerRow = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  centerName: z.string(),
  clients: z.number(),
  activePortfolios: z.number(),
  createdAt: z.string(),
});
export type CaseManagerRow = z.output<typeof caseManagerRow>;

/** Where a click on a user chart goes: the grid of that user type (admin only). */
export function userGridPath(userType: StatUserType): string {
  switch (userType) {
    case ROLE.MANAGER:
      return pagePath('viewcm');
    case ROLE.ADMIN:
      return pagePath('viewadmin');
    case ROLE.CLIENT:
      return pagePath('viewip');
    default:
      return pagePath('viewdonor');
  }
}

export function isStatUserType(role: number): role is StatUserType & RoleId {
  return (STAT_USER_TYPES as readonly number[]).includes(role);
}

/** The report picker: the user grids, and for the consumer center its three extra reports. */
export interface ReportOption {
  label: string;
  path: string;
}

export function reportOptions(consumerCenter: boolean): ReportOption[] {
  const list: ReportOption[] = [
    { label: 'View All Users', path: pagePath('viewclient') },
    { label: 'View All Admins', path: pagePath('viewadmin') },
    { label: 'View All CM', path: pagePath('viewcm') },
    { label: 'View All IP', path: pagePath('viewip') },
    { label: 'View All Donors', path: pagePath('viewdonor') },
  ];
  if (consumerCenter) {
    list.push(
      { label: 'Registered IP report', path: pagePath('registered-ip-report') },
      { label: 'Match Cancelled Report', path: pagePath('donormatchreport') },
      { label: 'Track IP Matches', path: pagePath('trackmatchrequests') },
    );
  }
  return list;
}
