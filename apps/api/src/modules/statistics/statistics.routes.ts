import { statisticsContract as api, type HandlerAnswer } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './statistics.service.js';

type CenterCount =
  | typeof api.userCountByMonth
  | typeof api.portfolioCountByMonth
  | typeof api.donorAvailabilityCount
  | typeof api.portfoliosCount
  | typeof api.donorTypesCount
  | typeof api.userCountBeforeCurrentYear
  | typeof api.portfolioCountBeforeCurrentYear;

/**
 * The admin dashboard and the master admin's statistics (/statistics). An admin counts only
 * their own center; the master admin every center or the one named by center_id.
 */
export const statisticsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  /** A count over the caller's center, or (master admin) every center or the one named. */
  const centerCount = (
    contract: CenterCount,
    count: (deps: ModuleDeps, auth: Auth, centerId: number | null) => Promise<HandlerAnswer<CenterCount>>,
  ) => route(app, contract, { run: (auth, { body }) => count(deps, auth, body.center_id ?? null) });

  centerCount(api.userCountByMonth, service.userCountByMonth);
  centerCount(api.portfolioCountByMonth, service.portfolioCountByMonth);
  route(app, api.caseManagers, {
    run: (auth, { body }) => service.caseManagers(deps, auth, { ...body, center_id: body.center_id ?? null }),
  });
  centerCount(api.donorAvailabilityCount, service.donorAvailabilityCount);
  route(app, api.countUserByAgency, {
    run: (auth, { body }) =>
      service.countUserByAgency(deps, auth, { center_id: body.center_id ?? null, user_type: body.user_type }),
  });
  centerCount(api.portfoliosCount, service.portfoliosCount);
  centerCount(api.donorTypesCount, service.donorTypesCount);
  centerCount(api.userCountBeforeCurrentYear, service.userCountBeforeCurrentYear);
  centerCount(api.portfolioCountBeforeCurrentYear, service.portfolioCountBeforeCurrentYear);
};
