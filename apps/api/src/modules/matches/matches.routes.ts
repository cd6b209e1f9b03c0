import {
  addToQueueBody,
  cancelMatchBody,
  idSchema,
  MATCH_DONOR_STATUSES,
  MATCH_MSG,
  matchGridBody,
  matchReportBody,
  matchRequestBody,
  type PageKey,
  resolveMatchBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import { sendCsv } from '../../platform/csv.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as followed from './matches.followed.js';
import * as grid from './matches.grid.js';
import * as service from './matches.service.js';

/**
 * Clients (search) request and withdraw; staff (requested donors) use the same calls for their
 * center's parents. Donors open donor pages too but take no part in matching.
 */
const MATCHING: readonly PageKey[] = ['search', 'requested-donors-list'];
/** Staff of the donor's center: admin and case manager. */
const STAFF: readonly PageKey[] = ['requested-donors-list'];

/** These routes never declared an answer schema: unknown sends each answer as the service builds it. */
const AS_IS = z.unknown();

const donorIdBody = z.object({ donor_id: idSchema() });
const donorParentBody = z.object({
  donor_id: idSchema(),
  parent_id: idSchema().nullish(),
});

/** The match workflow (search spec section 7 "Match workflow") and the match grids and reports. */
export const matchesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const actions = [
    [
      '/startmatchrequest',
      MATCHING,
      matchRequestBody,
      service.startRequest,
      MATCH_MSG.REQUESTED,
      'Starts a match request (to Confirm; donor Under Review)',
    ],
    [
      '/canceldonorrequesttomatch',
      MATCHING,
      matchRequestBody,
      service.cancelRequest,
      MATCH_MSG.REQUEST_CANCELLED,
      'Withdraws a waiting request (to Cancel Request)',
    ],
    [
      '/confirmdonormatch',
      STAFF,
      matchRequestBody,
      service.confirmMatch,
      MATCH_MSG.CONFIRMED,
      "Confirms a match (to Active; donor In Cycle; the parent's other requests end)",
    ],
    [
      '/completedonormatch',
      STAFF,
      matchRequestBody,
      service.completeMatch,
      MATCH_MSG.COMPLETED,
      'Ends a cycle without a donation (Active back to Confirm)',
    ],
    [
      '/addipindonorqueue',
      STAFF,
      addToQueueBody,
      service.addToQueue,
      MATCH_MSG.QUEUED,
      "Puts the parent in the donor's queue (to Queued)",
    ],
    [
      '/cancelmatch',
      STAFF,
      cancelMatchBody,
      service.cancelMatch,
      MATCH_MSG.CANCELLED,
      'Cancels a match with a reason (to Cancel Request), optionally making the donor Unavailable',
    ],
  ] as const;
  for (const [url, pages, body, handler, message, summary] of actions) {
    jsonRoute(app, `POST ${url}`, pages, {
      summary,
      body,
      data: AS_IS,
      run: (auth, request) => handler(deps, auth, request.body as never),
      message,
    });
  }

  jsonRoute(app, 'POST /acceptreferralmatch', STAFF, {
    summary: 'Accepts a referral (to Referral Accepted)',
    body: z.object({
      match_id: idSchema(),
      parent_id: idSchema(),
    }),
    data: AS_IS,
    run: (auth, { body }) => service.acceptReferral(deps, auth, body),
    message: MATCH_MSG.REFERRAL_ACCEPTED,
  });

  jsonRoute(app, 'POST /resolvematchprocess', STAFF, {
    summary: 'Records the donation details and completes an active match',
    body: resolveMatchBody,
    data: AS_IS,
    run: (auth, { body }) => service.resolveMatch(deps, auth, body),
    message: MATCH_MSG.RESOLVED,
  });

  jsonRoute(app, 'GET /getdonormatchstatus/:donorId', MATCHING, {
    summary: "The donor's availability, free queue spots, the caller's own match and (staff) the open ones",
    params: z.object({ donorId: idSchema() }),
    data: AS_IS,
    run: (auth, { params }) => followed.donorMatchStatus(deps, auth, params.donorId),
  });

  jsonRoute(
    app,
    'POST /getactiveandqueuematchdonor',
    { pages: STAFF, reads: true },
    {
      summary: "The donor's active and queued matches",
      body: donorIdBody,
      data: AS_IS,
      run: (auth, { body }) => followed.activeAndQueuedMatches(deps, auth, body.donor_id),
    },
  );

  jsonRoute(app, 'GET /fetchcurrentmatchcontacts/:id', STAFF, {
    summary: "Contact details of the parents of the donor's active and queued matches (audited)",
    params: z.object({
      id: idSchema({ message: 'Donor id is invalid.' }),
    }),
    data: AS_IS,
    run: (auth, { params }) => followed.currentMatchContacts(deps, auth, params.id),
  });

  jsonRoute(
    app,
    'POST /getdonorqueuedetails',
    { pages: STAFF, reads: true },
    {
      summary: "The donor's availability, queue lengths, queued matches and the active match's type",
      body: donorIdBody.passthrough(),
      data: AS_IS,
      run: (auth, { body }) => followed.donorQueueDetails(deps, auth, body.donor_id),
    },
  );

  jsonRoute(app, 'POST /getqueuenumber', MATCHING, {
    summary: "The parent's place in the donor's queue",
    body: donorParentBody,
    data: AS_IS,
    run: (auth, { body }) => followed.queueNumber(deps, auth, body.donor_id, body.parent_id ?? null),
  });

  jsonRoute(app, 'POST /getdonorspecificipquery', STAFF, {
    summary: "One parent's match history with one donor",
    body: z.object({
      donor_id: idSchema(),
      parent_id: idSchema(),
    }),
    data: AS_IS,
    run: (auth, { body }) => followed.donorParentHistory(deps, auth, body.donor_id, body.parent_id),
  });

  jsonRoute(app, 'POST /updatedonorstatus', STAFF, {
    summary: "Sets a donor's availability",
    body: z.object({ user_id: idSchema(), status: z.enum(MATCH_DONOR_STATUSES) }),
    data: AS_IS,
    run: (auth, { body }) => followed.updateDonorStatus(deps, auth, body.user_id, body.status),
    message: MATCH_MSG.STATUS_UPDATED,
  });

  const grids = [
    [
      '/getotheragenciesmatchrequestedip',
      STAFF,
      'donorCenter',
      'Requests for this center’s donors (requested-donors grid)',
    ],
    [
      '/getmatchrequestedipwithotheragencies',
      ['trackmatchrequests'],
      'parentCenter',
      "This center's parents' requests (match tracking)",
    ],
  ] as const;
  for (const [url, pages, scope, summary] of grids) {
    jsonRoute(app, `POST ${url}`, pages, {
      summary,
      body: matchGridBody,
      data: AS_IS,
      run: (auth, { body }) => grid.matchGrid(deps, auth, scope, body),
    });
    // The CSV streams into the reply: a plain route.
    app.post(
      `${url}csv`,
      {
        config: { access: { pages } },
        schema: {
          summary: `${summary}: every row the filters select, as a streamed CSV file`,
          body: matchGridBody,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          url === '/getotheragenciesmatchrequestedip' ? 'requested-donors.csv' : 'match-requests.csv',
          grid.MATCH_CSV_HEADER,
          grid.matchGridCsv(deps, requireAuth(request), scope, request.body),
        ),
    );
  }

  jsonRoute(app, 'POST /generatedonorreport', ['donormatchreport'], {
    summary: 'Match Cancelled Report: cancelled matches of the center’s donors',
    body: matchReportBody,
    data: AS_IS,
    run: (auth, { body }) => grid.cancelledReport(deps, auth, body),
  });
  app.post(
    '/generatedonorreportcsv',
    {
      config: { access: { pages: ['donormatchreport'] } },
      schema: { summary: 'Match Cancelled Report as a streamed CSV file', body: matchReportBody },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'match-cancelled-report.csv',
        grid.MATCH_CSV_HEADER,
        grid.cancelledReportCsv(deps, requireAuth(request), request.body),
      ),
  );
};
