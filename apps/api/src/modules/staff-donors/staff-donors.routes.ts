import {
  archivedDonorsBody,
  DONOR_AVAILABILITY,
  DONOR_CSV_HEADER,
  donorGridBody,
  donorStatusWithEmailBody,
  FROZEN_AVAILABILITY,
  hardDeleteBody,
  importDonorsBody,
  inviteDonorBody,
  MATCH_MSG,
  MATCH_STATUS_FILTER_VALUES,
  MAX_IMPORT_FILE_CHARS,
  mandatoryFieldsBody,
  monthlyStatsBody,
  PARENT_STATUS_FILTER,
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
import * as service from './staff-donors.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const donorIdBody = z.object({ user_id: z.coerce.number().int().positive() });
const reservedBody = z.object({ donorid: z.coerce.number().int().positive() });
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

/** The staff donor list (/viewdonor) and its tools, the import and the donor reports. */
export const staffDonorsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const viewdonor = { access: { pages: ['viewdonor'] as const } };
  /**
   * The admin's donor tools (platform.md section 6: the admin sees CSV export, hard delete and
   * delete, the case manager does not) are declared with the admin-only donor import page, so
   * the role -> page table alone decides who may call them.
   */
  const donorAdmin = { access: { pages: ['donorimport'] as const } };

  app.post(
    '/getdonorbycenter',
    { config: viewdonor, schema: { summary: "A page of the center's donors", body: donorGridBody } },
    async (request) => ok(await service.donorGrid(deps, requireAuth(request), request.body)),
  );

  app.get(
    '/getdonorbycentercsv',
    {
      config: donorAdmin,
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

  app.get(
    '/reservationcandidates',
    {
      config: viewdonor,
      schema: {
        summary: 'Parents (by status, Active by default) a donor may be reserved for, and the managers',
        querystring: z.object({ status: list(PARENT_STATUS_FILTER) }),
      },
    },
    async (request) =>
      ok(await service.reservationCandidates(deps, requireAuth(request), request.query.status ?? ['Active'])),
  );

  app.post(
    '/reservedonorformatch',
    { config: viewdonor, schema: { summary: 'Reserve a donor for a parent', body: reserveDonorBody } },
    async (request) =>
      ok(await service.reserve(deps, requireAuth(request), request.body), STAFF_DONOR_MSG.RESERVED),
  );

  app.post(
    '/unreservedonorformatch',
    {
      config: viewdonor,
      schema: { summary: 'Release a reserved donor to a status', body: unreserveDonorBody },
    },
    async (request) =>
      ok(await service.unreserve(deps, requireAuth(request), request.body), STAFF_DONOR_MSG.UNRESERVED),
  );

  app.post(
    '/getreserveddonorip',
    { config: viewdonor, schema: { summary: 'Who a donor is reserved for', body: reservedBody } },
    async (request) => ok(await service.reservedFor(deps, requireAuth(request), request.body.donorid)),
  );

  app.post(
    '/inviteExistedDonor',
    {
      config: viewdonor,
      schema: { summary: 'Invite or re-invite a donor who has not signed up', body: inviteDonorBody },
    },
    async (request) =>
      ok(
        await service.inviteDonor(deps, requireAuth(request), request.body, request.ip),
        STAFF_DONOR_MSG.INVITE_SENT,
      ),
  );

  app.post(
    '/getlastinvitedtime',
    { config: viewdonor, schema: { summary: 'When the donor was last invited', body: donorIdBody } },
    async (request) => ok(await service.lastInvited(deps, requireAuth(request), request.body.user_id)),
  );

  app.post(
    '/setpriority/:id',
    {
      config: viewdonor,
      schema: { summary: "Set a donor's priority (at least 1)", params: idParams, body: setPriorityBody },
    },
    async (request) =>
      ok(
        await service.setPriority(
          deps,
          requireAuth(request),
          request.params.id,
          request.body.priority,
          request.ip,
        ),
        STAFF_DONOR_MSG.PRIORITY_SAVED,
      ),
  );

  app.get(
    '/checkagencyallowedintulip',
    { config: viewdonor, schema: { summary: "Whether the caller's agency takes part in the matching tool" } },
    async (request) => ok(await service.agencyAllowedInMatchingTool(deps, requireAuth(request))),
  );

  app.post(
    '/donorvisibilityintulip',
    {
      config: viewdonor,
      schema: { summary: 'Show or hide a donor in the matching tool', body: visibilityBody },
    },
    async (request) =>
      ok(
        await service.setVisibility(
          deps,
          requireAuth(request),
          request.body.user_id,
          request.body.allowed_for_tulip,
          request.ip,
        ),
        STAFF_DONOR_MSG.VISIBILITY_SAVED,
      ),
  );

  app.post(
    '/updatedonorstatuswithemail',
    {
      config: viewdonor,
      schema: {
        summary: "Set a donor's availability and e-mail them a message",
        body: donorStatusWithEmailBody,
      },
    },
    async (request) =>
      ok(
        await service.setStatusWithEmail(deps, requireAuth(request), request.body, request.ip),
        MATCH_MSG.STATUS_UPDATED,
      ),
  );

  app.delete(
    '/harddeletedonor/:id',
    {
      config: donorAdmin,
      schema: {
        summary: "Delete a donor for good (admin; the donor's id typed to confirm)",
        params: idParams,
        body: hardDeleteBody,
      },
    },
    async (request) => {
      await service.hardDelete(
        deps,
        requireAuth(request),
        request.params.id,
        request.body.typed_id,
        request.ip,
      );
      return ok(null, STAFF_DONOR_MSG.HARD_DELETED);
    },
  );

  app.delete(
    '/deletedonor/:id',
    { config: donorAdmin, schema: { summary: 'Delete (archive) a donor (admin)', params: idParams } },
    async (request) => {
      await service.softDelete(deps, requireAuth(request), request.params.id, request.ip);
      return ok(null, STAFF_DONOR_MSG.DELETED);
    },
  );

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

  app.get(
    '/importstatus/:id',
    {
      config: { access: { pages: ['donorimport'] } },
      schema: {
        summary: "An import's result (id 0: the center's latest)",
        params: z.object({ id: z.coerce.number().int().min(0) }),
      },
    },
    async (request) => ok(await service.importStatus(deps, requireAuth(request), request.params.id)),
  );

  app.get(
    '/searchdonorbyid',
    {
      config: viewdonor,
      schema: {
        summary: "The caller's center's donor with this donor id (display, agency or user id)",
        querystring: searchDonorByIdQuery,
      },
    },
    async (request) => ok(await service.searchById(deps, requireAuth(request), request.query.id)),
  );

  app.get(
    '/getusermessages/:id',
    {
      config: { access: { pages: ['donormessages'] } },
      schema: { summary: 'The messages staff sent a donor with her status changes', params: idParams },
    },
    async (request) =>
      ok(await service.messagesOf(deps, requireAuth(request), request.params.id, request.ip)),
  );

  app.post(
    '/getblankmandatoryfields',
    {
      config: { access: { pages: ['donorformmandatoryfields'] } },
      schema: { summary: 'Donors with blank mandatory fields', body: mandatoryFieldsBody },
    },
    async (request) => ok(await service.mandatoryFields(deps, requireAuth(request), request.body)),
  );

  app.post(
    '/fetcharchiveddonors',
    {
      config: { access: { pages: ['archiveddonors'] } },
      schema: { summary: 'Archived donors, by agency, notes and search', body: archivedDonorsBody },
    },
    async (request) => ok(await service.archivedDonors(deps, requireAuth(request), request.body)),
  );

  app.post(
    '/fetchagenciesdonorcountmonthly',
    {
      config: { access: { pages: ['donormonthlystats'] } },
      schema: { summary: 'New donors per agency and month', body: monthlyStatsBody },
    },
    async (request) => ok(await service.monthlyStats(deps, requireAuth(request), request.body)),
  );
};
