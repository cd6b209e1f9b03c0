import { ROLE, type RoleId, type UserStatus } from './roles.js';

/**
 * Every route of platform.md section 2, keyed by the name the permission table uses.
 * `path` is in React Router syntax (hash routes). The same keys are declared by API routes,
 * so one table decides both what the web shows and what the server answers.
 */
export const PAGES = {
  // authentication pages (menus hidden)
  login: { path: '/login/:username?', title: 'Login' },
  signup: { path: '/signup/:token', title: 'Sign up' },
  reset: { path: '/reset/:user?', title: 'Reset password' },
  userregister: { path: '/userregister/:usertype/:referrer?', title: 'Register' },
  forgetpassword: { path: '/forgetpassword', title: 'Forgot password' },
  editprofile: { path: '/editprofile/:tab?', title: 'Profile' },
  viewprofile: { path: '/viewprofile/:id?', title: 'Profile' },
  profileimg: { path: '/profileimg', title: 'Profile picture' },
  // home and search
  home: { path: '/', title: 'Home' },
  search: { path: '/search', title: 'Search donors' },
  favorites: { path: '/favorites/:id?/:name?', title: 'Favorites' },
  portfoliolistpage: { path: '/portfoliolistpage', title: 'Portfolios' },
  searchlistpage: { path: '/searchlistpage', title: 'Saved searches' },
  shortlist: { path: '/shortlist/:id', title: 'Portfolio' },
  donordetails: { path: '/donordetails/:id/:feedback?/:settab?', title: 'Donor details' },
  pdfpreview: { path: '/pdfpreview/:id/:usertypeid?', title: 'Donor PDF' },
  portfolio: { path: '/portfolio/:id', title: 'Portfolio' },
  previewshortlist: { path: '/previewshortlist/:id/:p?', title: 'Portfolio preview' },
  shareddonors: { path: '/shareddonors', title: 'Shared donors' },
  comparedonors: { path: '/comparedonors', title: 'Compare donors' },
  donormessages: { path: '/donormessages/:donorId', title: 'Donor messages' },
  'requested-donors-list': { path: '/requested-donors-list/:center?/:filter?', title: 'Requested donors' },
  'education-resources': { path: '/education-resources/:resourcetype', title: 'Education resources' },
  'site-tour': { path: '/site-tour', title: 'Site tour' },
  'payment-history': { path: '/payment-history', title: 'Payment history' },
  'unpaid-invoices': { path: '/unpaid-invoices', title: 'Unpaid invoices' },
  'message-history': { path: '/message-history/:id', title: 'Message history' },
  'join-as-a-member': { path: '/join-as-a-member/:fromwpsite?', title: 'Join as a member' },
  verifyuser: { path: '/verifyuser/:token/:newEmail', title: 'Verify e-mail' },
  // clients and users
  addclient: { path: '/addclient/:addusertype?', title: 'Invite user' },
  viewclient: { path: '/viewclient/:filter?/:type?/:search?', title: 'Users' },
  viewip: { path: '/viewip', title: 'Intended parents' },
  viewcm: { path: '/viewcm', title: 'Case managers' },
  viewadmin: { path: '/viewadmin', title: 'Admins' },
  assignclient: { path: '/assignclient', title: 'Assign clients' },
  assigndonor: { path: '/assigndonor', title: 'Assign donors' },
  'ip-search-history-list': { path: '/ip-search-history-list', title: 'IP search history' },
  'registered-ip-report': { path: '/registered-ip-report', title: 'Registered IP report' },
  dexi: { path: '/dexi', title: 'Dexi import' },
  notifications: { path: '/notifications', title: 'Notifications' },
  // access pages
  noportfolio: { path: '/noportfolio/:id', title: 'No portfolio' },
  unauthorize: { path: '/unauthorize', title: 'Unauthorized' },
  maintenance: { path: '/maintenance', title: 'Maintenance' },
  notpaid: { path: '/notpaid', title: 'Membership required' },
  'not-accepted-preform': { path: '/not-accepted-preform', title: 'Pre-form not accepted' },
  // donor
  donorform: { path: '/donorform/:id?/:page?/:mode?/:version?', title: 'Donor form' },
  donorhome: { path: '/donorhome', title: 'Donor home' },
  preform: { path: '/preform/:id?/:mode?', title: 'Pre-screening form' },
  viewdonor: { path: '/viewdonor', title: 'Donors' },
  donorimport: { path: '/donorimport', title: 'Import donors' },
  unsubscribe: { path: '/unsubscribe/:userid/:username/:fname?/:lname?', title: 'Unsubscribe' },
  ipform: { path: '/ipform/:id?/:mode?', title: 'Intended parent form' },
  archiveddonors: { path: '/archiveddonors', title: 'Archived donors' },
  donormonthlystats: { path: '/donormonthlystats', title: 'Donor monthly statistics' },
  trackmatchrequests: { path: '/trackmatchrequests', title: 'Track match requests' },
  donormatchreport: { path: '/donormatchreport', title: 'Donor match report' },
  // admin configuration
  emailtemplate: { path: '/emailtemplate', title: 'E-mail templates' },
  testconnection: { path: '/testconnection', title: 'E-mail connection' },
  mapping: { path: '/mapping/:item/:type?', title: 'Field mapping' },
  cronjob: { path: '/cronjob', title: 'Scheduled jobs' },
  crontable: { path: '/crontable/:status?', title: 'Job runs' },
  auditlog: { path: '/auditlog', title: 'Donor audit log' },
  statistics: { path: '/statistics', title: 'Statistics' },
  agencylist: { path: '/agencylist', title: 'Agencies' },
  addagency: { path: '/addagency', title: 'Add agency' },
  allowedorganization: { path: '/allowedorganization', title: 'Allowed organizations' },
  addzipcodes: { path: '/addzipcodes', title: 'Zip codes' },
  healthcheck: { path: '/healthcheck', title: 'Health check' },
  customizedquestions: { path: '/customizedquestions', title: 'Customized questions' },
  scheduledonoremail: { path: '/scheduledonoremail', title: 'Donor e-mail reminders' },
  feeandpayment: { path: '/feeandpayment', title: 'Fees and payment' },
  donorformmandatoryfields: { path: '/donorformmandatoryfields', title: 'Blank mandatory fields' },
  donorformautorejection: { path: '/donorformautorejection', title: 'Auto-rejection' },
  generalconfiguration: { path: '/generalconfiguration', title: 'General configuration' },
  // payments
  paymentsubscription: { path: '/paymentsubscription', title: 'Premium subscription' },
  purchaseproducts: { path: '/purchaseproducts/:item/:count/:additionalId?', title: 'Purchase' },
  'buy-coaching-credit': { path: '/buy-coaching-credit', title: 'Buy coaching credit' },
  messageroom: { path: '/messageroom/:notificationid?/:userid?/:type?/:donorid?', title: 'Messages' },
  'schedule-coaching-session': { path: '/schedule-coaching-session', title: 'Coaching session' },
} as const satisfies Record<string, { path: string; title: string }>;

export type PageKey = keyof typeof PAGES;

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
    'addzipcodes',
    'emailtemplate',
    'testconnection',
    'donormonthlystats',
    'archiveddonors',
    'messageroom',
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
  center: {
    onboarded: boolean;
    preActiveAccess: boolean;
    compareDonors: boolean;
  };
}

export type PageDecision = { allowed: true } | { allowed: false; redirect: string };

/**
 * The one page-permission check, used by the web router, the menus and every API route.
 * A Pre-Active client of a center without pre-active access may only see /notpaid.
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
      return open.includes(page) ? { allowed: true } : { allowed: false, redirect: '/notpaid' };
    }
    if (limited && !PREACTIVE_CLIENT_PAGES.includes(page)) return deny;
    if (page === 'comparedonors' && (!subject.center.compareDonors || limited)) return deny;
  }
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
