import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
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
  const access = { access: { pages: ['statistics' as const] } };

  app.post(
    '/usercountbymonth',
    {
      config: access,
      schema: {
        summary: 'Users per type (case manager, admin, intended parent, donor) over 12 months, cumulative',
        body: centerBody,
        response: { 200: envelope(monthlyAnswer) },
      },
    },
    async (request) =>
      ok(await service.userCountByMonth(deps, requireAuth(request), request.body.center_id ?? null)),
  );

  app.post(
    '/portfolioCountByMonth',
    {
      config: access,
      schema: {
        summary: 'Portfolios per state (active, archived, follow-up, upcoming) over 12 months, cumulative',
        body: centerBody,
        response: { 200: envelope(monthlyAnswer) },
      },
    },
    async (request) =>
      ok(await service.portfolioCountByMonth(deps, requireAuth(request), request.body.center_id ?? null)),
  );

  app.post(
    '/getcasemanagersdetails',
    {
      config: access,
      schema: {
        summary: 'Case managers with their clients and active portfolios, sorted',
        body: managersBody,
        response: { 200: envelope(caseManagersAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.caseManagers(deps, requireAuth(request), {
          ...request.body,
          center_id: request.body.center_id ?? null,
        }),
      ),
  );

  app.post(
    '/donoravailabilitycount',
    {
      config: access,
      schema: {
        summary: 'Donors (not archived) per availability',
        body: centerBody,
        response: { 200: envelope(countListAnswer) },
      },
    },
    async (request) =>
      ok(await service.donorAvailabilityCount(deps, requireAuth(request), request.body.center_id ?? null)),
  );

  app.post(
    '/countuserbyagency',
    {
      config: access,
      schema: {
        summary: 'Users of one type per center and status',
        body: userByAgencyBody,
        response: { 200: envelope(agencyTableAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.countUserByAgency(deps, requireAuth(request), {
          center_id: request.body.center_id ?? null,
          user_type: request.body.user_type,
        }),
      ),
  );

  app.post(
    '/portfolioscount',
    {
      config: access,
      schema: {
        summary: 'Portfolios per center and status',
        body: centerBody,
        response: { 200: envelope(agencyTableAnswer) },
      },
    },
    async (request) =>
      ok(await service.portfoliosCount(deps, requireAuth(request), request.body.center_id ?? null)),
  );

  app.post(
    '/donorstypescount',
    {
      config: access,
      schema: {
        summary: 'Donors (not archived) per center and donor type',
        body: centerBody,
        response: { 200: envelope(agencyTableAnswer) },
      },
    },
    async (request) =>
      ok(await service.donorTypesCount(deps, requireAuth(request), request.body.center_id ?? null)),
  );

  app.post(
    '/usercountbeforecurrentyear',
    {
      config: access,
      schema: {
        summary: 'Users per type created before 1 January of the current year',
        body: centerBody,
        response: { 200: envelope(countListAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.userCountBeforeCurrentYear(deps, requireAuth(request), request.body.center_id ?? null),
      ),
  );

  app.post(
    '/portfoliocountbeforecurrentyear',
    {
      config: access,
      schema: {
        summary: 'Portfolios per state created before 1 January of the current year',
        body: centerBody,
        response: { 200: envelope(countListAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.portfolioCountBeforeCurrentYear(
          deps,
          requireAuth(request),
          request.body.center_id ?? null,
        ),
      ),
  );
};
