import { decidePage, PAGES, type PageKey, PUBLIC_PAGES } from '@dm/shared';
import { Center, Loader } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { mustAcceptTerms, rememberAttemptedUrl, subjectOf, useSession } from './lib/session';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The pages that exist. Every other route of the spec is still in the permission table
 * (so links and guards are right) and shows that it is not built yet.
 */
const ELEMENTS: Partial<Record<PageKey, Page>> = {
  login: lazy(() => import('./features/auth/LoginPage')),
  healthcheck: lazy(() => import('./features/health/HealthCheckPage')),
  forgetpassword: lazy(() => import('./features/auth/ForgetPasswordPage')),
  reset: lazy(() => import('./features/auth/ResetPage')),
  userregister: lazy(() => import('./features/auth/RegisterPage')),
  signup: lazy(() => import('./features/auth/SignupPage')),
  'join-as-a-member': lazy(() => import('./features/auth/JoinAsMemberPage')),
  unauthorize: lazy(() => import('./features/access/UnauthorizePage')),
  noportfolio: lazy(() => import('./features/access/NoPortfolioPage')),
  notpaid: lazy(() => import('./features/access/NotPaidPage')),
  maintenance: lazy(() => import('./features/access/MaintenancePage')),
  emailtemplate: lazy(() => import('./features/email-templates/EmailTemplatePage')),
  testconnection: lazy(() => import('./features/email-templates/TestConnectionPage')),
  customizedquestions: lazy(() => import('./features/questions/QuestionsPage')),
  home: lazy(() => import('./features/search/SearchPage')),
  search: lazy(() => import('./features/search/SearchPage')),
  searchlistpage: lazy(() => import('./features/search/SavedSearchesPage')),
  donordetails: lazy(() => import('./features/donors/DonorDetailsPage')),
  pdfpreview: lazy(() => import('./features/donors/DonorPdfPage')),
  favorites: lazy(() => import('./features/donors/FavoritesPage')),
  shareddonors: lazy(() => import('./features/donors/SharedDonorsPage')),
  comparedonors: lazy(() => import('./features/donors/CompareDonorsPage')),
  preform: lazy(() => import('./features/preform/PreformPage')),
  'not-accepted-preform': lazy(() => import('./features/preform/NotAcceptedPreformPage')),
  donorformautorejection: lazy(() => import('./features/preform/AutoRejectionPage')),
  donorform: lazy(() => import('./features/donorform/DonorFormPage')),
  donorhome: lazy(() => import('./features/donorform/DonorHomePage')),
  'requested-donors-list': lazy(() => import('./features/match/RequestedDonorsPage')),
  trackmatchrequests: lazy(() => import('./features/match/TrackMatchRequestsPage')),
  donormatchreport: lazy(() => import('./features/match/DonorMatchReportPage')),
  portfoliolistpage: lazy(() => import('./features/portfolios/PortfolioListPage')),
  shortlist: lazy(() => import('./features/portfolios/PortfolioEditPage')),
  previewshortlist: lazy(() => import('./features/portfolios/PortfolioPreviewPage')),
  portfolio: lazy(() => import('./features/portfolios/PortfolioPreviewPage')),
  agencylist: lazy(() => import('./features/agencies/AgencyListPage')),
  addagency: lazy(() => import('./features/agencies/AddAgencyPage')),
  allowedorganization: lazy(() => import('./features/agencies/AllowedOrganizationPage')),
  addzipcodes: lazy(() => import('./features/agencies/ZipCodesPage')),
  mapping: lazy(() => import('./features/mapping/MappingPage')),
  cronjob: lazy(() => import('./features/cron/CronJobPage')),
  crontable: lazy(() => import('./features/cron/CronTablePage')),
  auditlog: lazy(() => import('./features/audit/AuditLogPage')),
  statistics: lazy(() => import('./features/statistics/StatisticsPage')),
  viewdonor: lazy(() => import('./features/staff-donors/ViewDonorPage')),
  donorimport: lazy(() => import('./features/staff-donors/DonorImportPage')),
  donorformmandatoryfields: lazy(() => import('./features/staff-donors/MandatoryFieldsPage')),
  archiveddonors: lazy(() => import('./features/staff-donors/ArchivedDonorsPage')),
  donormonthlystats: lazy(() => import('./features/staff-donors/MonthlyStatsPage')),
  donormessages: lazy(() => import('./features/staff-donors/DonorMessagesPage')),
  viewclient: lazy(() => import('./features/users/UsersPage')),
  viewip: lazy(() => import('./features/users/UsersPage').then((m) => ({ default: m.ViewIpPage }))),
  viewcm: lazy(() => import('./features/users/UsersPage').then((m) => ({ default: m.ViewCmPage }))),
  viewadmin: lazy(() => import('./features/users/UsersPage').then((m) => ({ default: m.ViewAdminPage }))),
  addclient: lazy(() => import('./features/users/AddClientPage')),
  assignclient: lazy(() => import('./features/users/AssignPage')),
  assigndonor: lazy(() =>
    import('./features/users/AssignPage').then((m) => ({ default: m.AssignDonorPage })),
  ),
  'ip-search-history-list': lazy(() => import('./features/users/IpSearchHistoryPage')),
  'registered-ip-report': lazy(() => import('./features/users/RegisteredIpReportPage')),
};

export const IMPLEMENTED_PAGES: ReadonlySet<PageKey> = new Set(Object.keys(ELEMENTS) as PageKey[]);

const NotBuiltPage = lazy(() => import('./features/access/NotBuiltPage'));

function Loading() {
  return (
    <Center h="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** Decides whether the caller may see a page: anonymous to login, terms first, then the role table. */
function PageGate({ page }: { page: PageKey }) {
  const { user, loading } = useSession();
  const location = useLocation();
  const Element = ELEMENTS[page] ?? NotBuiltPage;
  if (PUBLIC_PAGES.includes(page)) {
    return (
      <Suspense fallback={<Loading />}>
        <Element />
      </Suspense>
    );
  }
  if (loading) return <Loading />;
  if (!user) {
    rememberAttemptedUrl(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  if (mustAcceptTerms(user)) return <Navigate to="/login" replace />;
  const decision = decidePage(subjectOf(user), page);
  if (!decision.allowed) {
    return decision.redirect === location.pathname ? null : <Navigate to={decision.redirect} replace />;
  }
  return (
    <AppLayout page={page}>
      <Suspense fallback={<Loading />}>
        <Element />
      </Suspense>
    </AppLayout>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {(Object.keys(PAGES) as PageKey[]).map((page) => (
        <Route key={page} path={PAGES[page].path} element={<PageGate page={page} />} />
      ))}
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
