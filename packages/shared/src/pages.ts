import { ROLE, type RoleId, type UserStatus } from './roles.js';

/**
 * Every route of platform.md section 2, keyed by the name the permission table uses.
 * `path` is in React Router syntax (hash routes). The same keys are declared by API routes,
 * so one table decides both what the web shows and what the server answers.
 * A row is [title] for the path `/key`, [title, 'params'] for `/key/params`, or [title, '/path'].
 */
const PAGE_ROWS = {
  // authentication pages (menus hidden)
  login: ['Login', ':username?'],
  signup: ['Sign up', ':token'],
  reset: ['Reset password', ':user?'],
  userregister: ['Register', ':usertype/:referrer?'],
  forgetpassword: ['Forgot password'],
  editprofile: ['Profile', ':tab?'],
  viewprofile: ['Profile', ':id?'],
  profileimg: ['Profile picture'],
  // home and search
  home: ['Home', '/'],
  search: ['Search donors'],
  favorites: ['Favorites', ':id?/:name?'],
  portfoliolistpage: ['Portfolios'],
  searchlistpage: ['Saved searches'],
  shortlist: ['Portfolio', ':id'],
  donordetails: ['Donor details', ':id/:feedback?/:settab?'],
  pdfpreview: ['Donor PDF', ':id/:usertypeid?'],
  portfolio: ['Portfolio', ':id'],
  previewshortlist: ['Portfolio preview', ':id/:p?'],
  shareddonors: ['Shared donors'],
  comparedonors: ['Compare donors'],
  donormessages: ['Donor messages', ':donorId'],
  'requested-donors-list': ['Requested donors', ':center?/:filter?'],
  'education-resources': ['Education resources', ':resourcetype'],
  'site-tour': ['Site tour'],
  'payment-history': ['Payment history'],
  'unpaid-invoices': ['Unpaid invoices'],
  'message-history': ['Message history', ':id'],
  'join-as-a-member': ['Join as a member', ':fromwpsite?'],
  verifyuser: ['Verify e-mail', ':token/:newEmail'],
  // clients and users
  addclient: ['Invite user', ':addusertype?'],
  viewclient: ['Users', ':filter?/:type?/:search?'],
  viewip: ['Intended parents'],
  viewcm: ['Case managers'],
  viewadmin: ['Admins'],
  assignclient: ['Assign clients'],
  assigndonor: ['Assign donors'],
  'ip-search-history-list': ['IP search history'],
  'registered-ip-report': ['Registered IP report'],
  dexi: ['Dexi import'],
  notifications: ['Notifications'],
  // access pages
  noportfolio: ['No portfolio', ':id'],
  unauthorize: ['Unauthorized'],
  maintenance: ['Maintenance'],
  notpaid: ['Membership required'],
  'not-accepted-preform': ['Pre-form not accepted'],
  // donor
  donorform: ['Donor form', ':id?/:page?/:mode?/:version?'],
  donorhome: ['Donor home'],
  preform: ['Pre-screening form', ':id?/:mode?'],
  viewdonor: ['Donors'],
  donorimport: ['Import donors'],
  unsubscribe: ['Unsubscribe', ':userid/:username/:fname?/:lname?'],
  ipform: ['Intended parent form', ':id?/:mode?'],
  archiveddonors: ['Archived donors'],
  donormonthlystats: ['Donor monthly statistics'],
  trackmatchrequests: ['Track match requests'],
  donormatchreport: ['Donor match report'],
  // admin configuration
  emailtemplate: ['E-mail templates'],
  testconnection: ['E-mail connection'],
  mapping: ['Field mapping', ':item/:type?'],
  cronjob: ['Scheduled jobs'],
  crontable: ['Job runs', ':status?'],
  auditlog: ['Donor audit log'],
  statistics: ['Statistics'],
  agencylist: ['Agencies'],
  addagency: ['Add agency'],
  allowedorganization: ['Allowed organizations'],
  addzipcodes: ['Zip codes'],
  healthcheck: ['Health check'],
  customizedquestions: ['Customized questions'],
  scheduledonoremail: ['Donor e-mail reminders'],
  feeandpayment: ['Fees and payment'],
  donorformmandatoryfields: ['Blank mandatory fields'],
  donorformautorejection: ['Auto-rejection'],
  generalconfiguration: ['General configuration'],
  // payments
  paymentsubscription: ['Premium subscription'],
  purchaseproducts: ['Purchase', ':item/:count/:additionalId?'],
  'buy-coaching-credit': ['Buy coaching credit'],
  messageroom: ['Messages', ':notificationid?/:userid?/:type?/:donorid?'],
  'schedule-coaching-session': ['Coaching session'],
  // beyond the spec's route list (decision 025): the privacy policy the concierge
  // upgrade links to, and the staff's list of concierge membership requests
  'privacy-policy': ['Privacy policy'],
  conciergerequests: ['Concierge requests'],
  // coaching staff (beyond the spec's routes: the spec's scheduler was external)
  'coaching-sessions': ['Coaching sessions'],
  'coaching-availability': ['Coaching hours'],
  // a parent's own match requests, her place in each queue and her watched donors
  mymatches: ['My match requests'],
  // carrier screening (decision 026): a parent's own panels; staff open a client's by id
  carrierscreening: ['Carrier screening', ':id?'],
  // the agency API (decision 028): a center's API keys and webhook endpoints
  apikeys: ['API keys'],
  webhooks: ['Webhooks'],
} as const satisfies Record<string, readonly [string] | readonly [string, string]>;

type PageRows = typeof PAGE_ROWS;
export type PageKey = keyof PageRows;

/** The path a row stands for, as a literal type like the row's own. */
type PathOf<K extends string, R> = R extends readonly [string, infer P extends string]
  ? P extends `/${string}`
    ? P
    : `/${K}/${P}`
  : `/${K}`;

type Pages = {
  readonly [K in PageKey]: { readonly path: PathOf<K, PageRows[K]>; readonly title: PageRows[K][0] };
};

function pathOf(key: string, rest: string | undefined): string {
  if (rest === undefined) return `/${key}`;
  return rest.startsWith('/') ? rest : `/${key}/${rest}`;
}

export const PAGES = Object.fromEntries(
  Object.entries(PAGE_ROWS).map(([key, [title, rest]]) => [key, { path: pathOf(key, rest), title }]),
) as Pages;

/** Pages an anonymous visitor may open (platform.md section 6, last paragraph). */
export const PUBLIC_PAGES: readonly PageKey[] = [
  'login',
  'signup',
  'reset',
  'userregister',
  'forgetpassword',
  'unsubscribe',
  'healthcheck',
  'join-as-a-member',
  'privacy-policy',
];

/** Pages any signed-in user may open whatever the role. */
const COMMON_PAGES: PageKey[] = [
  'editprofile',
  'viewprofile',
  'profileimg',
  'notifications',
  'unauthorize',
  'maintenance',
  'verifyuser',
];

/** The role -> page table of platform.md section 6. */
export const ROLE_PAGES: Record<RoleId, readonly PageKey[]> = {
  [ROLE.MANAGER]: [
    ...COMMON_PAGES,
    'home',
    'search',
    'favorites',
    // Agency staff compare donors too (donor-forms spec section 1); the center switch is for clients.
    'comparedonors',
    'shortlist',
    'portfoliolistpage',
    'searchlistpage',
    'donordetails',
    'pdfpreview',
    'portfolio',
    'previewshortlist',
    'viewclient',
    'viewdonor',
    'donorform',
    'preform',
    'shareddonors',
    'ipform',
    'ip-search-history-list',
    'message-history',
    'requested-donors-list',
    'payment-history',
    'purchaseproducts',
    'unpaid-invoices',
    'messageroom',
    'archiveddonors',
    'trackmatchrequests',
    'donormatchreport',
    'conciergerequests',
    'coaching-sessions',
    'coaching-availability',
    'carrierscreening',
  ],
  [ROLE.ADMIN]: [
    ...COMMON_PAGES,
    'viewclient',
    'viewip',
    'viewcm',
    'viewadmin',
    'addclient',
    'emailtemplate',
    'testconnection',
    'assignclient',
    'assigndonor',
    'cronjob',
    'crontable',
    'auditlog',
    'statistics',
    'addzipcodes',
    'customizedquestions',
    'scheduledonoremail',
    'feeandpayment',
    'donorformmandatoryfields',
    'donorformautorejection',
    'generalconfiguration',
    'donormessages',
    'payment-history',
    'unpaid-invoices',
    'ip-search-history-list',
    'registered-ip-report',
    'viewdonor',
    'donorimport',
    'donordetails',
    'comparedonors',
    'pdfpreview',
    'donorform',
    'archiveddonors',
    'trackmatchrequests',
    'donormatchreport',
    'requested-donors-list',
    'messageroom',
    // The agency admin manages her center's education resources on the clients' page.
    'education-resources',
    'conciergerequests',
    'coaching-sessions',
    'carrierscreening',
    'apikeys',
    'webhooks',
  ],
  [ROLE.MASTER]: [
    ...COMMON_PAGES,
    'addclient',
    'viewclient',
    'viewadmin',
    'mapping',
    'cronjob',
    'agencylist',
    'addagency',
    'crontable',
    'auditlog',
    'statistics',
    'allowedorganization',
    'dexi',
    'addzipcodes',
    'emailtemplate',
    'testconnection',
    'scheduledonoremail',
    'feeandpayment',
    'generalconfiguration',
    'donormonthlystats',
    'archiveddonors',
    'messageroom',
    'apikeys',
    'webhooks',
  ],
  [ROLE.CLIENT]: [
    ...COMMON_PAGES,
    'comparedonors',
    'favorites',
    'donordetails',
    'previewshortlist',
    'noportfolio',
    'notpaid',
    'home',
    'search',
    'pdfpreview',
    'ipform',
    'paymentsubscription',
    'join-as-a-member',
    'schedule-coaching-session',
    'purchaseproducts',
    'buy-coaching-credit',
    'education-resources',
    'site-tour',
    'messageroom',
    'mymatches',
    'carrierscreening',
  ],
  [ROLE.DONOR]: [
    ...COMMON_PAGES,
    'donorform',
    'donorhome',
    'preform',
    'not-accepted-preform',
    'donordetails',
    'messageroom',
  ],
};

/** What a Pre-Active or Invited client of a center with pre-active access may still open. */
export const PREACTIVE_CLIENT_PAGES: readonly PageKey[] = [
  ...COMMON_PAGES,
  'home',
  'search',
  'donordetails',
  'favorites',
  'noportfolio',
  'notpaid',
  'ipform',
  'paymentsubscription',
  'join-as-a-member',
  'purchaseproducts',
  // Opens to say "Subscribe the services to schedule coaching session"; booking is refused.
  'schedule-coaching-session',
  'education-resources',
  'site-tour',
  'messageroom',
];

/** What staff of a center that is not yet onboarded may open: account set-up only. */
export const NON_ONBOARDED_PAGES: readonly PageKey[] = [
  ...COMMON_PAGES,
  'viewclient',
  'viewcm',
  'viewadmin',
  'addclient',
  'emailtemplate',
  'testconnection',
  'generalconfiguration',
  'messageroom',
];

/** The parts of a session and its center that decide page access. */
export interface AccessSubject {
  role: RoleId;
  status: UserStatus;
  /** A secondary intended parent (one with a primary parent): payment pages send her home. */
  secondary: boolean;
  center: {
    /** The center sells memberships, coaching and products (the consumer center, 111). */
    payments: boolean;
    onboarded: boolean;
    preActiveAccess: boolean;
    compareDonors: boolean;
    /** The agency lets its Pre-Active parents open donor details (can_preactive_ip_access_donor_detail). */
    preActiveDonorDetails: boolean;
  };
}

/**
 * The access subject of a user of a center, from the user's role and status and the center's
 * flags and settings (the settings as stored: keys left out are off). The one way the API builds it.
 */
export function accessSubjectOf(
  user: { role: number; status: string; parentId: number | null },
  center: {
    onboarded: boolean;
    preActiveAccess: boolean;
    payments: boolean;
    settings: { compareDonors?: boolean; canPreactiveIpAccessDonorDetail?: boolean };
  },
): AccessSubject {
  return {
    role: user.role as RoleId,
    status: user.status as UserStatus,
    secondary: user.parentId !== null,
    center: {
      payments: center.payments,
      onboarded: center.onboarded,
      preActiveAccess: center.preActiveAccess,
      compareDonors: center.settings.compareDonors === true,
      preActiveDonorDetails: center.settings.canPreactiveIpAccessDonorDetail === true,
    },
  };
}

/**
 * The consumer center's client pages (platform.md section 6: "Payment pages and coaching purchase:
 * consumer center only; others go to /unauthorize"; its clients alone see the site tour): a
 * client of a center without payments is sent to /unauthorize.
 */
export const PAYMENTS_CENTER_CLIENT_PAGES: readonly PageKey[] = [
  'paymentsubscription',
  'join-as-a-member',
  'purchaseproducts',
  'buy-coaching-credit',
  'schedule-coaching-session',
  'site-tour',
];

/**
 * Staff pages of the agencies with payment functionality: /unauthorize elsewhere. Unpaid invoices
 * (donor-forms spec section 6: "offline payments and unpaid invoices are for agencies with payment
 * functionality") and the coaching staff pages (issue 23: such a center sells the credits).
 */
export const PAYMENTS_CENTER_STAFF_PAGES: readonly PageKey[] = [
  'unpaid-invoices',
  'coaching-sessions',
  'coaching-availability',
];

/** Pages that take a payment: a secondary parent is sent home from them (the primary pays). */
export const PAYING_PAGES: readonly PageKey[] = [
  'paymentsubscription',
  'join-as-a-member',
  'purchaseproducts',
  'buy-coaching-credit',
];

export type PageDecision = { allowed: true } | { allowed: false; redirect: string };

/**
 * The one page-permission check, used by the web router, the menus and every API route.
 * A Pre-Active client of a center without pre-active access may only see /notpaid.
 * A Pre-Active or Invited client of a center with pre-active access opens donor details only
 * where the center allows it (preActiveDonorDetails), else she is sent to /notpaid.
 * The consumer center's pages (PAYMENTS_CENTER_CLIENT_PAGES) are for clients of a center with
 * payments; a secondary parent is sent home from the paying pages (PAYING_PAGES).
 * Comparison: agency staff (admin, case manager) of an onboarded center always; a client only
 * at a center with compareDonors and not pre-active (platform.md section 6); the master admin
 * not (no donor pages of its own in the spec's table).
 */
export function decidePage(subject: AccessSubject, page: PageKey): PageDecision {
  const deny: PageDecision = { allowed: false, redirect: '/unauthorize' };
  if (!ROLE_PAGES[subject.role].includes(page)) return deny;
  if (subject.role === ROLE.CLIENT) {
    const limited = subject.status === 'Pre-Active' || subject.status === 'Invited';
    if (limited && !subject.center.preActiveAccess) {
      const open: PageKey[] = ['notpaid', 'unauthorize', 'editprofile', 'viewprofile', 'profileimg'];
      // Where the center sells memberships, the primary parent may buy one (what /notpaid offers).
      if (subject.center.payments && !subject.secondary) open.push('paymentsubscription', 'join-as-a-member');
      return open.includes(page) ? { allowed: true } : { allowed: false, redirect: '/notpaid' };
    }
    if (limited && !PREACTIVE_CLIENT_PAGES.includes(page)) return deny;
    // Donor details are the agency's choice for Pre-Active parents; the membership page says how to get them.
    if (limited && page === 'donordetails' && !subject.center.preActiveDonorDetails)
      return { allowed: false, redirect: '/notpaid' };
    if (page === 'comparedonors' && (!subject.center.compareDonors || limited)) return deny;
    if (!subject.center.payments && PAYMENTS_CENTER_CLIENT_PAGES.includes(page)) return deny;
    if (subject.secondary && PAYING_PAGES.includes(page)) return { allowed: false, redirect: '/' };
  }
  if (!subject.center.payments && PAYMENTS_CENTER_STAFF_PAGES.includes(page)) return deny;
  if (!subject.center.onboarded && subject.role !== ROLE.MASTER && !NON_ONBOARDED_PAGES.includes(page)) {
    return deny;
  }
  return { allowed: true };
}

export function canOpen(subject: AccessSubject, page: PageKey): boolean {
  return decidePage(subject, page).allowed;
}

/** Fills a page path with parameters, dropping unused optional segments. */
export function pagePath(page: PageKey, params: Record<string, string | number | undefined> = {}): string {
  const filled = PAGES[page].path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.replace(/^:/, '').replace(/\?$/, '');
      const value = params[name];
      if (value === undefined || value === '') return segment.endsWith('?') ? null : segment;
      return encodeURIComponent(String(value));
    })
    .filter((s): s is string => s !== null)
    .join('/');
  return filled === '' ? '/' : filled;
}
