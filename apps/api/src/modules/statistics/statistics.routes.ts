import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { type Endpoint, jsonRoute } from '../../platform/routes.js';
import {
  agencyTableAnswer,
  caseManagersAnswer,
  centerBody,
  countListAnswer,
  managersBody,
  monthlyAnswer,
  userByAgencyBody,
} from './statistics.schemas.js';
import * as service from './statistics.service.js';

/**
 * The admin dashboard and the master admin's statistics (/statistics). An admin counts only
 * their own center; the master admin every center or the one named by center_id.
 */
export const statisticsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const PAGES = ['statistics'] as const;

  /** A count over the caller's center, or (master admin) every center or the one named. */
  const centerCount = (
    url: string,
    summary: string,
    answer: z.ZodType,
    count: (deps: ModuleDeps, auth: Auth, centerId: number | null) => Promise<unknown>,
  ) =>
    jsonRoute(app, `POST ${url}` as Endpoint, PAGES, {
      summary,
      body: centerBody,
      data: answer,
      run: (auth, { body }) => count(deps, auth, body.center_id ?? null),
    });

  centerCount(
    '/usercountbymonth',
    'Users per type (case manager, admin, intended parent, donor) over 12 months, cumulative',
    monthlyAnswer,
    service.userCountByMonth,
  );
  centerCount(
    '/portfolioCountByMonth',
    'Portfolios per state (active, archived, follow-up, upcoming) over 12 months, cumulative',
    monthlyAnswer,
    service.portfolioCountByMonth,
  );
  jsonRoute(app, 'POST /getcasemanagersdetails', PAGES, {
    summary: 'Case managers with their clients and active portfolios, sorted',
    body: managersBody,
    data: caseManagersAnswer,
    run: (auth, { body }) => service.caseManagers(deps, auth, { ...body, center_id: body.center_id ?? null }),
  });

  centerCount(
    '/donoravailabilitycount',
    'Donors (not archived) per availability',
    countListAnswer,
    service.donorAvailabilityCount,
  );
  jsonRoute(app, 'POST /countuserbyagency', PAGES, {
    summary: 'Users of one type per center and status',
    body: userByAgencyBody,
    data: agencyTableAnswer,
    run: (auth, { body }) =>
      service.countUserByAgency(deps, auth, { center_id: body.center_id ?? null, user_type: body.user_type }),
  });
  centerCount(
    '/portfolioscount',
    'Portfolios per center and status',
    agencyTableAnswer,
    service.portfoliosCount,
  );
  centerCount(
    '/donorstypescount',
    'Donors (not archived) per center and donor type',
    agencyTableAnswer,
    service.donorTypesCount,
  );
  centerCount(
    '/usercountbeforecurrentyear',
    'Users per type created before 1 January of the current year',
    countListAnswer,
    service.userCountBeforeCurrentYear,
  );
  centerCount(
    '/portfoliocountbeforecurrentyear',
    'Portfolios per state created before 1 January of the current year',
    countListAnswer,
    service.portfolioCountBeforeCurrentYear,
  );
};
