import type { PageKey } from '@dm/shared';

/**
 * The pages that exist, by feature folder: the file under features/<folder>/ (and, after #, its
 * export when not the default). Every other route of the spec is still in the permission table
 * (so links and guards are right) and shows that it is not built yet. Plain names, so the menu
 * can ask what is built without importing the pages (and the routes that import the menu).
 */
const BY_FEATURE: Record<string, Partial<Record<PageKey, string>>> = {
  auth: {
    login: 'LoginPage',
    forgetpassword: 'ForgetPasswordPage',
    reset: 'ResetPage',
    userregister: 'RegisterPage',
    signup: 'SignupPage',
  },
  health: { healthcheck: 'HealthCheckPage' },
  genetics: { carrierscreening: 'CarrierScreeningPage' },
  coaching: {
    'schedule-coaching-session': 'ScheduleCoachingPage',
    'coaching-sessions': 'CoachingSessionsPage',
    'coaching-availability': 'CoachingAvailabilityPage',
  },
  payments: {
    paymentsubscription: 'SubscriptionPage',
    'join-as-a-member': 'SubscriptionPage#JoinAsMemberPage',
    purchaseproducts: 'PurchasePage',
    'buy-coaching-credit': 'PurchasePage#BuyCoachingCreditPage',
    'payment-history': 'PaymentHistoryPage',
    'unpaid-invoices': 'UnpaidInvoicesPage',
  },
  messaging: { messageroom: 'MessageRoomPage', 'message-history': 'MessageHistoryPage' },
  access: {
    unauthorize: 'UnauthorizePage',
    noportfolio: 'NoPortfolioPage',
    notpaid: 'NotPaidPage',
    maintenance: 'MaintenancePage',
  },
  'email-templates': { emailtemplate: 'EmailTemplatePage', testconnection: 'TestConnectionPage' },
  questions: { customizedquestions: 'QuestionsPage' },
  reminders: { scheduledonoremail: 'ScheduleDonorEmailPage' },
  'agency-settings': { generalconfiguration: 'GeneralConfigurationPage', feeandpayment: 'FeeAndPaymentPage' },
  search: { home: 'SearchPage', search: 'SearchPage', searchlistpage: 'SavedSearchesPage' },
  donors: {
    donordetails: 'DonorDetailsPage',
    pdfpreview: 'DonorPdfPage',
    favorites: 'FavoritesPage',
    shareddonors: 'SharedDonorsPage',
    comparedonors: 'CompareDonorsPage',
  },
  preform: {
    preform: 'PreformPage',
    'not-accepted-preform': 'NotAcceptedPreformPage',
    donorformautorejection: 'AutoRejectionPage',
  },
  donorform: { donorform: 'DonorFormPage', donorhome: 'DonorHomePage' },
  ipform: { ipform: 'IpFormPage' },
  match: {
    'requested-donors-list': 'RequestedDonorsPage',
    trackmatchrequests: 'TrackMatchRequestsPage',
    donormatchreport: 'DonorMatchReportPage',
    mymatches: 'MyMatchesPage',
  },
  portfolios: {
    portfoliolistpage: 'PortfolioListPage',
    shortlist: 'PortfolioEditPage',
    previewshortlist: 'PortfolioPreviewPage',
    portfolio: 'PortfolioPreviewPage',
  },
  agencies: {
    agencylist: 'AgencyListPage',
    addagency: 'AddAgencyPage',
    allowedorganization: 'AllowedOrganizationPage',
    addzipcodes: 'ZipCodesPage',
  },
  mapping: { mapping: 'MappingPage' },
  cron: { cronjob: 'CronJobPage', crontable: 'CronTablePage' },
  dexi: { dexi: 'DexiPage' },
  audit: { auditlog: 'AuditLogPage' },
  // The consumer center's pages beyond payments.
  concierge: { conciergerequests: 'ConciergeRequestsPage', 'privacy-policy': 'PrivacyPolicyPage' },
  'site-tour': { 'site-tour': 'SiteTourPage' },
  // The agency API.
  'agency-api': { apikeys: 'ApiKeysPage', webhooks: 'WebhooksPage' },
  education: { 'education-resources': 'EducationResourcesPage' },
  notifications: { notifications: 'NotificationsPage', unsubscribe: 'UnsubscribePage' },
  'profile-picture': { profileimg: 'ProfilePicturePage' },
  profile: { editprofile: 'EditProfilePage', viewprofile: 'ViewProfilePage', verifyuser: 'VerifyUserPage' },
  statistics: { statistics: 'StatisticsPage' },
  'staff-donors': {
    viewdonor: 'ViewDonorPage',
    donorimport: 'DonorImportPage',
    donorformmandatoryfields: 'MandatoryFieldsPage',
    archiveddonors: 'ArchivedDonorsPage',
    donormonthlystats: 'MonthlyStatsPage',
    donormessages: 'DonorMessagesPage',
  },
  users: {
    viewclient: 'UsersPage',
    viewip: 'UsersPage#ViewIpPage',
    viewcm: 'UsersPage#ViewCmPage',
    viewadmin: 'UsersPage#ViewAdminPage',
    addclient: 'AddClientPage',
    assignclient: 'AssignPage',
    assigndonor: 'AssignPage#AssignDonorPage',
    'ip-search-history-list': 'IpSearchHistoryPage',
    'registered-ip-report': 'RegisteredIpReportPage',
  },
};

/** Page key to its file (features/<folder>/<file>[#export]). */
export const PAGE_FILES: Partial<Record<PageKey, string>> = Object.fromEntries(
  Object.entries(BY_FEATURE).flatMap(([folder, pages]) =>
    Object.entries(pages).map(([key, file]) => [key, `${folder}/${file}`]),
  ),
);

export const IMPLEMENTED_PAGES: ReadonlySet<PageKey> = new Set(Object.keys(PAGE_FILES) as PageKey[]);
