import { canOpen, type PageKey, ROLE, type SessionUser } from '@dm/shared';
import { IMPLEMENTED_PAGES } from './pages';
import { subjectOf } from './session';

export interface MenuItem {
  page: PageKey;
  label: string;
  params?: Record<string, string | number>;
}

/** Menu entries in display order; each shows only to roles that may open it and once it is built. */
const MENU: MenuItem[] = [
  { page: 'home', label: 'Home' },
  { page: 'donorhome', label: 'Home' },
  { page: 'donorform', label: 'My donor form' },
  { page: 'preform', label: 'Pre-screening form' },
  { page: 'portfoliolistpage', label: 'Portfolios' },
  { page: 'searchlistpage', label: 'Saved searches' },
  { page: 'statistics', label: 'Dashboard' },
  { page: 'viewclient', label: 'Users' },
  { page: 'viewdonor', label: 'Donors' },
  { page: 'archiveddonors', label: 'Archived donors' },
  { page: 'donorformmandatoryfields', label: 'Blank mandatory fields' },
  { page: 'donormonthlystats', label: 'Donor monthly statistics' },
  { page: 'viewip', label: 'Intended parents' },
  { page: 'viewcm', label: 'Case managers' },
  { page: 'viewadmin', label: 'Admins' },
  { page: 'addclient', label: 'Invite user' },
  { page: 'assignclient', label: 'Assign clients' },
  { page: 'assigndonor', label: 'Assign donors' },
  { page: 'ip-search-history-list', label: 'IP search history' },
  { page: 'registered-ip-report', label: 'Registered IP report' },
  { page: 'ipform', label: 'IP form' },
  { page: 'carrierscreening', label: 'My carrier screening' },
  { page: 'paymentsubscription', label: 'Premium membership' },
  { page: 'buy-coaching-credit', label: 'Buy coaching credit' },
  { page: 'payment-history', label: 'Payment history' },
  { page: 'unpaid-invoices', label: 'Unpaid invoices' },
  { page: 'messageroom', label: 'Messages' },
  { page: 'editprofile', label: 'Profile' },
  { page: 'favorites', label: 'Favorites' },
  { page: 'education-resources', label: 'Education resources', params: { resourcetype: 'articles' } },
  { page: 'site-tour', label: 'Site tour' },
  { page: 'shareddonors', label: 'Shared donors' },
  { page: 'mymatches', label: 'My match requests' },
  { page: 'requested-donors-list', label: 'Requested donors' },
  { page: 'trackmatchrequests', label: 'Track match requests' },
  { page: 'donormatchreport', label: 'Match cancelled report' },
  { page: 'conciergerequests', label: 'Concierge requests' },
  { page: 'schedule-coaching-session', label: 'Coaching sessions' },
  { page: 'coaching-sessions', label: 'Coaching sessions' },
  { page: 'coaching-availability', label: 'Coaching hours' },
  { page: 'emailtemplate', label: 'E-mail templates' },
  { page: 'testconnection', label: 'E-mail connection' },
  { page: 'scheduledonoremail', label: 'Donor e-mail reminders' },
  { page: 'generalconfiguration', label: 'General configuration' },
  { page: 'feeandpayment', label: 'Fees and payment' },
  { page: 'donorformautorejection', label: 'Auto-rejection' },
  { page: 'customizedquestions', label: 'Customized questions' },
  { page: 'agencylist', label: 'Agencies' },
  { page: 'allowedorganization', label: 'Allowed organizations' },
  { page: 'addzipcodes', label: 'Zip codes' },
  { page: 'mapping', label: 'Field mapping', params: { item: 'eye_color' } },
  { page: 'cronjob', label: 'Scheduled jobs' },
  { page: 'crontable', label: 'Job runs' },
  { page: 'dexi', label: 'External donor data' },
  { page: 'auditlog', label: 'Donor audit log' },
  { page: 'apikeys', label: 'API keys' },
  { page: 'webhooks', label: 'Webhooks' },
];

/**
 * Pages whose entry shows only to some of the roles that may open them: the IP form is the primary
 * intended parent's own form where her center has it on (case managers open a client's from the
 * users grid, not from the menu).
 */
const SHOWN_TO: Partial<Record<PageKey, (user: SessionUser) => boolean>> = {
  ipform: (user) => user.role === ROLE.CLIENT && user.parentId === null && user.center.ipFormVisible,
  // Concierge requests come only from the clients of an agency that sells memberships.
  conciergerequests: (user) => user.center.payments,
  // Offered until she is a member (Active); the profile's subscription tab shows it after.
  paymentsubscription: (user) => user.status !== 'Active',
  // A parent's own results; staff open a client's from the users grid.
  carrierscreening: (user) => user.role === ROLE.CLIENT,
  // A donor's own pages: her form once her pre-form is accepted (the form sends her back to the
  // pre-form before that), else the pre-form. Staff open a donor's forms from the donors grid.
  donorhome: (user) => acceptedDonor(user),
  donorform: (user) => acceptedDonor(user),
  preform: (user) => user.role === ROLE.DONOR && !acceptedDonor(user),
  // The donor's menu is her whole app, so her profile is there too; everyone else's work pages
  // fill the menu and their profile stays in the account menu of the header.
  editprofile: (user) => user.role === ROLE.DONOR,
};

function acceptedDonor(user: SessionUser): boolean {
  return user.role === ROLE.DONOR && user.donor?.preFormStatus === 1;
}

/** Entries whose address names the user: the donor form is at /donorform/{her id}. */
const PARAMS_OF: Partial<Record<PageKey, (user: SessionUser) => MenuItem['params']>> = {
  donorform: (user) => ({ id: user.userId }),
};

export function menuFor(user: SessionUser): MenuItem[] {
  const subject = subjectOf(user);
  return MENU.filter(
    (item) =>
      IMPLEMENTED_PAGES.has(item.page) &&
      canOpen(subject, item.page) &&
      (SHOWN_TO[item.page]?.(user) ?? true),
  ).map((item) => {
    const params = PARAMS_OF[item.page]?.(user);
    return params ? { ...item, params } : item;
  });
}
