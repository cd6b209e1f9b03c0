import {
  archivedDonorsBody,
  DONOR_AVAILABILITY,
  DONOR_CSV_HEADER,
  donorGridBody,
  donorStatusWithEmailBody,
  FROZEN_AVAILABILITY,
  hardDeleteBody,
  idSchema,
  importDonorsBody,
  inviteDonorBody,
  MATCH_MSG,
  MATCH_STATUS_FILTER_VALUES,
  MAX_IMPORT_FILE_CHARS,
  mandatoryFieldsBody,
  monthlyStatsBody,
  PARENT_STATUS_FILTER,
  type PageKey,
  reserveDonorBody,
  STAFF_DONOR_MSG,
  searchDonorByIdQuery,
  setPriorityBody,
  unreserveDonorBody,
  visibilityBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import { sendCsv } from '../../platform/csv.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok } from '../../platform/envelope.js';
import { jsonRoute } from '../../platform/routes.js';
import * as service from './staff-donors.service.js';

const idParams = z.object({ id: idSchema() });
const donorIdBody = z.object({ user_id: idSchema() });
const reservedBody = z.object({ donorid: idSchema() });
/** Query-string lists come as comma-separated values (the CSV link is a plain GET). */
const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z.array(z.enum(values)).optional(),
  );
const csvQuery = donorGridBody.extend({
  donor_availability: list(DONOR_AVAILABILITY).default([]),
  donor_frozen_availability: list(FROZEN_AVAILABILITY).default([]),
  match_status_filter: list(MATCH_STATUS_FILTER_VALUES),
  parent_status: list(PARENT_STATUS_FILTER),
  matched_only: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});

const VIEWDONOR: readonly PageKey[] = ['viewdonor'];
/**
 * The admin's donor tools (platform.md section 6: the admin sees CSV export, hard delete and
 * delete, the case manager does not) are declared with the admin-only donor import page, so
 * the role -> page table alone decides who may call them.
 */
const DONOR_ADMIN: readonly PageKey[] = ['donorimport'];

/** The staff donor list (/viewdonor) and its tools, the import and the donor reports. */
export const staffDonorsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  // Only reads (a list with filters in the body): read-only API keys may call it (decision 028).
  jsonRoute(
    app,
    'POST /getdonorbycenter',
    { pages: VIEWDONOR, reads: true },
    {
      summary: "A page of the center's donors",
      body: donorGridBody,
      data: z.unknown(),
      run: (auth, { body }) => service.donorGrid(deps, auth, body),
    },
  );

  app.get(
    '/getdonorbycentercsv',
    {
      config: { access: { pages: DONOR_ADMIN } },
      schema: {
        summary: "Every page of the center's donor list as CSV (admin), streamed",
        querystring: csvQuery,
      },
    },
    async (request, reply) => {
      const q = donorGridBody.parse({
        ...request.query,
        match_status_filter: request.query.match_status_filter ?? undefined,
        parent_status: request.query.parent_status ?? undefined,
      });
      const batches = await service.donorCsv(deps, requireAuth(request), q, request.ip);
      return sendCsv(reply, 'donors.csv', DONOR_CSV_HEADER, batches);
    },
  );

  jsonRoute(app, 'GET /reservationcandidates', VIEWDONOR, {
    summary: 'Parents (by status, Active by default) a donor may be reserved for, and the managers',
    querystring: z.object({ status: list(PARENT_STATUS_FILTER) }),
    data: z.unknown(),
    run: (auth, { query }) => service.reservationCandidates(deps, auth, query.status ?? ['Active']),
  });

  jsonRoute(app, 'POST /reservedonorformatch', VIEWDONOR, {
    summary: 'Reserve a donor for a parent',
    body: reserveDonorBody,
    data: z.unknown(),
    run: (auth, { body }) => service.reserve(deps, auth, body),
    message: STAFF_DONOR_MSG.RESERVED,
  });

  jsonRoute(app, 'POST /unreservedonorformatch', VIEWDONOR, {
    summary: 'Release a reserved donor to a status',
    body: unreserveDonorBody,
    data: z.unknown(),
    run: (auth, { body }) => service.unreserve(deps, auth, body),
    message: STAFF_DONOR_MSG.UNRESERVED,
  });

  jsonRoute(app, 'POST /getreserveddonorip', VIEWDONOR, {
    summary: 'Who a donor is reserved for',
    body: reservedBody,
    data: z.unknown(),
    run: (auth, { body }) => service.reservedFor(deps, auth, body.donorid),
  });

  jsonRoute(app, 'POST /inviteExistedDonor', VIEWDONOR, {
    summary: 'Invite or re-invite a donor who has not signed up',
    body: inviteDonorBody,
    data: z.unknown(),
    run: (auth, { body, ip }) => service.inviteDonor(deps, auth, body, ip),
    message: STAFF_DONOR_MSG.INVITE_SENT,
  });

  jsonRoute(app, 'POST /getlastinvitedtime', VIEWDONOR, {
    summary: 'When the donor was last invited',
    body: donorIdBody,
    data: z.unknown(),
    run: (auth, { body }) => service.lastInvited(deps, auth, body.user_id),
  });

  jsonRoute(app, 'POST /setpriority/:id', VIEWDONOR, {
    summary: "Set a donor's priority (at least 1)",
    params: idParams,
    body: setPriorityBody,
    data: z.unknown(),
    run: (auth, { params, body, ip }) => service.setPriority(deps, auth, params.id, body.priority, ip),
    message: STAFF_DONOR_MSG.PRIORITY_SAVED,
  });

  jsonRoute(app, 'GET /checkagencyallowedintulip', VIEWDONOR, {
    summary: "Whether the caller's agency takes part in the matching tool",
    data: z.unknown(),
    run: (auth) => service.agencyAllowedInMatchingTool(deps, auth),
  });

  jsonRoute(app, 'POST /donorvisibilityintulip', VIEWDONOR, {
    summary: 'Show or hide a donor in the matching tool',
    body: visibilityBody,
    data: z.unknown(),
    run: (auth, { body, ip }) => service.setVisibility(deps, auth, body.user_id, body.allowed_for_tulip, ip),
    message: STAFF_DONOR_MSG.VISIBILITY_SAVED,
  });

  jsonRoute(app, 'POST /updatedonorstatuswithemail', VIEWDONOR, {
    summary: "Set a donor's availability and e-mail them a message",
    body: donorStatusWithEmailBody,
    data: z.unknown(),
    run: (auth, { body, ip }) => service.setStatusWithEmail(deps, auth, body, ip),
    message: MATCH_MSG.STATUS_UPDATED,
  });

  jsonRoute(app, 'DELETE /harddeletedonor/:id', DONOR_ADMIN, {
    summary: "Delete a donor for good (admin; the donor's id typed to confirm)",
    params: idParams,
    body: hardDeleteBody,
    data: null,
    run: (auth, { params, body, ip }) => service.hardDelete(deps, auth, params.id, body.typed_id, ip),
    message: STAFF_DONOR_MSG.HARD_DELETED,
  });

  jsonRoute(app, 'DELETE /deletedonor/:id', DONOR_ADMIN, {
    summary: 'Delete (archive) a donor (admin)',
    params: idParams,
    data: null,
    run: (auth, { params, ip }) => service.softDelete(deps, auth, params.id, ip),
    message: STAFF_DONOR_MSG.DELETED,
  });

  app.post(
    '/importdonors',
    {
      config: { access: { pages: ['donorimport'] } },
      // Five files of up to 10 million characters each, as JSON.
      bodyLimit: 5 * MAX_IMPORT_FILE_CHARS + 100_000,
      schema: { summary: 'Queue 4 or 5 CSV files for the donor import job (admin)', body: importDonorsBody },
    },
    async (request) =>
      ok(
        await service.startImport(deps, requireAuth(request), request.body, request.ip),
        STAFF_DONOR_MSG.IMPORT_STARTED,
      ),
  );

  jsonRoute(app, 'GET /importstatus/:id', DONOR_ADMIN, {
    summary: "An import's result (id 0: the center's latest)",
    params: z.object({ id: idSchema({ orZero: true }) }),
    data: z.unknown(),
    run: (auth, { params }) => service.importStatus(deps, auth, params.id),
  });

  jsonRoute(app, 'GET /searchdonorbyid', VIEWDONOR, {
    summary: "The caller's center's donor with this donor id (display, agency or user id)",
    querystring: searchDonorByIdQuery,
    data: z.unknown(),
    run: (auth, { query }) => service.searchById(deps, auth, query.id),
  });

  jsonRoute(app, 'GET /getusermessages/:id', ['donormessages'], {
    summary: 'The messages staff sent a donor with her status changes',
    params: idParams,
    data: z.unknown(),
    run: (auth, { params, ip }) => service.messagesOf(deps, auth, params.id, ip),
  });

  jsonRoute(
    app,
    'POST /getblankmandatoryfields',
    { pages: ['donorformmandatoryfields'], reads: true },
    {
      summary: 'Donors with blank mandatory fields',
      body: mandatoryFieldsBody,
      data: z.unknown(),
      run: (auth, { body }) => service.mandatoryFields(deps, auth, body),
    },
  );

  jsonRoute(
    app,
    'POST /fetcharchiveddonors',
    { pages: ['archiveddonors'], reads: true },
    {
      summary: 'Archived donors, by agency, notes and search',
      body: archivedDonorsBody,
      data: z.unknown(),
      run: (auth, { body }) => service.archivedDonors(deps, auth, body),
    },
  );

  jsonRoute(app, 'POST /fetchagenciesdonorcountmonthly', ['donormonthlystats'], {
    summary: 'New donors per agency and month',
    body: monthlyStatsBody,
    data: z.unknown(),
    run: (auth, { body }) => service.monthlyStats(deps, auth, body),
  });
};
