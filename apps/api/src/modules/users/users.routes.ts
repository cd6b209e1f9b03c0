import {
  MSG,
  type PageKey,
  REGISTERED_IP_CSV_HEADER,
  ROLE,
  type RoleId,
  USER_CSV_HEADER,
  USERS_MSG,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import { sendCsv } from '../../platform/csv.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
import {
  assignAnswer,
  assignClientsBody,
  assignDonorsBody,
  assignOneClientBody,
  clientOptionSchema,
  clientsListBody,
  contactDetailsSchema,
  inviteForAnotherRoleBody,
  inviteSecondaryBody,
  inviteUserAnswer,
  inviteUserBody,
  ipCacheTimeSchema,
  ipSearchAnswer,
  ipSearchHistoryBody,
  managersQuery,
  registeredIpReportBody,
  reinviteUserBody,
  staffOptionSchema,
  statusAnswer,
  temporaryPasswordBody,
  updateUserDetailsBody,
  updateUserStatusBody,
  userIdParams,
  userListAnswer,
  userListBody,
  userRowSchema,
} from './users.schemas.js';
import * as service from './users.service.js';

/** The users grids: the all-users grid and one per role, each with its streamed CSV export. */
const GRIDS: { url: string; page: PageKey; role?: RoleId; label: string; file: string }[] = [
  { url: '/getallusers', page: 'viewclient', label: 'users', file: 'users' },
  {
    url: '/getallintendedparents',
    page: 'viewip',
    role: ROLE.CLIENT,
    label: 'intended parents',
    file: 'intended-parents',
  },
  {
    url: '/getallcasemanagers',
    page: 'viewcm',
    role: ROLE.MANAGER,
    label: 'case managers',
    file: 'case-managers',
  },
  { url: '/getalladmins', page: 'viewadmin', role: ROLE.ADMIN, label: 'admins', file: 'admins' },
];

/** Pages from which a user row can be changed (status, details, password, delete). */
const USER_PAGES: PageKey[] = ['viewclient', 'viewip', 'viewcm', 'viewadmin'];
/** Admin tools (temporary password, delete): the role grids, which case managers do not have. */
const ADMIN_USER_PAGES: PageKey[] = ['viewip', 'viewcm', 'viewadmin'];

export const usersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  // Case managers invite their clients and donors but have no 'addclient' page; they manage
  // their people from 'viewclient', so that page opens these routes too. The service decides
  // which roles each caller may invite.
  app.post(
    '/inviteuser',
    {
      config: { access: { pages: ['addclient', 'viewclient'] } },
      schema: {
        summary: 'Invite a user (e-mails a sign-up link)',
        body: inviteUserBody,
        response: { 200: envelope(inviteUserAnswer) },
      },
    },
    async (request) =>
      ok(await service.inviteUser(deps, requireAuth(request), request.body, request.ip), MSG.INVITE_SENT),
  );

  app.post(
    '/reinviteuser',
    {
      config: { access: { pages: ['addclient', ...USER_PAGES] } },
      schema: {
        summary: 'Send a new sign-up link to an invited user',
        body: reinviteUserBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.reinviteUser(deps, requireAuth(request), request.body.userId, request.ip);
      return ok(null, MSG.INVITE_SENT);
    },
  );

  for (const grid of GRIDS) {
    app.post(
      grid.url,
      {
        config: { access: { pages: [grid.page] } },
        schema: {
          summary: `A page of ${grid.label} of the caller's center: filters, search, sorting`,
          body: userListBody,
          response: { 200: envelope(userListAnswer) },
        },
      },
      async (request) => ok(await service.userList(deps, requireAuth(request), request.body, grid.role)),
    );
    app.post(
      `${grid.url}csv`,
      {
        config: { access: { pages: [grid.page] } },
        schema: {
          summary: `Every ${grid.label} row the filters select, as a streamed CSV file`,
          body: userListBody,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `${grid.file}.csv`,
          USER_CSV_HEADER,
          service.userCsvRows(deps, requireAuth(request), request.body, grid.role),
        ),
    );
  }

  app.post(
    '/updateuserstatus',
    {
      config: { access: { pages: USER_PAGES } },
      schema: {
        summary:
          'Change a user status (Active needs a case manager for clients; 409 asks to confirm Pre-Active or archiving a manager with portfolios)',
        body: updateUserStatusBody,
        response: { 200: envelope(statusAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.updateUserStatus(deps, requireAuth(request), request.body, request.ip),
        USERS_MSG.STATUS_UPDATED,
      ),
  );

  app.get(
    '/checkmanageractiveportfolio/:id',
    {
      config: { access: { pages: ['viewclient', 'viewcm'] } },
      schema: {
        summary: 'How many portfolios a case manager still works on',
        params: userIdParams,
        response: { 200: envelope(z.object({ portfolios: z.number() })) },
      },
    },
    async (request) =>
      ok(await service.managerActivePortfolios(deps, requireAuth(request), request.params.id)),
  );

  app.post(
    '/updateuserdetails',
    {
      config: { access: { pages: USER_PAGES } },
      schema: {
        summary: "Update a user's names, e-mail and contact number",
        body: updateUserDetailsBody,
        response: { 200: envelope(userRowSchema) },
      },
    },
    async (request) =>
      ok(
        await service.updateUserDetails(deps, requireAuth(request), request.body, request.ip),
        USERS_MSG.DETAILS_UPDATED,
      ),
  );

  app.post(
    '/settemporarypassword',
    {
      config: { access: { pages: ADMIN_USER_PAGES } },
      schema: {
        summary: 'Admin sets a temporary password (the user is signed out everywhere)',
        body: temporaryPasswordBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.setTemporaryPassword(deps, requireAuth(request), request.body, request.ip);
      return ok(null, USERS_MSG.PASSWORD_SET);
    },
  );

  app.delete(
    '/deleteuser/:id',
    {
      config: { access: { pages: ADMIN_USER_PAGES } },
      schema: { summary: 'Delete a user (admin)', params: userIdParams, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await service.deleteUser(deps, requireAuth(request), request.params.id, request.ip);
      return ok(null, USERS_MSG.USER_DELETED);
    },
  );

  app.post(
    '/inviteuserforanotherrole',
    {
      config: { access: { pages: ['addclient', 'viewclient'] } },
      schema: {
        summary: 'Invite a user who has not signed up yet under another user type (a new sign-up link)',
        body: inviteForAnotherRoleBody,
        response: { 200: envelope(z.object({ userId: z.number(), role: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await service.inviteForAnotherRole(deps, requireAuth(request), request.body, request.ip),
        USERS_MSG.ROLE_CHANGED,
      ),
  );

  app.post(
    '/getclientslist',
    {
      config: { access: { pages: ['viewclient'] } },
      schema: {
        summary: 'Up to 50 intended parents the caller manages, by name or e-mail',
        body: clientsListBody,
        response: { 200: envelope(z.array(clientOptionSchema)) },
      },
    },
    async (request) => ok(await service.clientOptions(deps, requireAuth(request), request.body.search)),
  );

  app.get(
    '/getusercontactdetails/:id',
    {
      config: { access: { pages: ['archiveddonors', ...USER_PAGES] } },
      schema: {
        summary: "Name, e-mail and phone of a user of the caller's center",
        params: userIdParams,
        response: { 200: envelope(contactDetailsSchema) },
      },
    },
    async (request) =>
      ok(await service.contactDetails(deps, requireAuth(request), request.params.id, request.ip)),
  );

  app.post(
    '/saveintendedparentscache',
    {
      config: { access: { pages: ['viewip'] } },
      schema: {
        summary: 'Refresh the intended-parent list (recorded; the grid reads live rows)',
        response: { 200: envelope(ipCacheTimeSchema) },
      },
    },
    async (request) => ok(await service.saveIpCache(deps, requireAuth(request), request.ip)),
  );

  app.get(
    '/getlastcacheupdatedtime',
    {
      config: { access: { pages: ['viewip'] } },
      schema: {
        summary: 'When the intended-parent list was last refreshed',
        response: { 200: envelope(ipCacheTimeSchema) },
      },
    },
    async (request) => ok(await service.lastIpCacheTime(deps, requireAuth(request))),
  );

  app.get(
    '/getcasemanagerlist',
    {
      config: { access: { pages: ['addclient', 'assignclient', ...USER_PAGES] } },
      schema: {
        summary: "The center's case managers that are not archived",
        querystring: managersQuery,
        response: { 200: envelope(z.array(staffOptionSchema)) },
      },
    },
    async (request) => ok(await service.managerOptions(deps, requireAuth(request), request.query.center_id)),
  );

  app.get(
    '/getadmin',
    {
      config: { access: { pages: ['assigndonor'] } },
      schema: {
        summary: 'Admins and case managers donors can be assigned to',
        response: { 200: envelope(z.array(staffOptionSchema)) },
      },
    },
    async (request) => ok(await service.assigneeOptions(deps, requireAuth(request))),
  );

  app.post(
    '/getclientstobeassign',
    {
      config: { access: { pages: ['assignclient'] } },
      schema: {
        summary: 'Primary intended parents of the center, for assigning to a case manager',
        body: userListBody,
        response: { 200: envelope(userListAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.userList(
          deps,
          requireAuth(request),
          { ...request.body, parent_type: 'primary' },
          ROLE.CLIENT,
        ),
      ),
  );

  app.post(
    '/getdonorstobeassign',
    {
      config: { access: { pages: ['assigndonor'] } },
      schema: {
        summary: 'Donors of the center with the admin or manager they are assigned to',
        body: userListBody,
        response: { 200: envelope(userListAnswer) },
      },
    },
    async (request) => ok(await service.userList(deps, requireAuth(request), request.body, ROLE.DONOR)),
  );

  app.post(
    '/assignclienttomanager',
    {
      config: { access: { pages: ['assignclient'] } },
      schema: {
        summary: 'Assign intended parents (and their second parents) to a case manager',
        body: assignClientsBody,
        response: { 200: envelope(assignAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.assignClients(deps, requireAuth(request), request.body, request.ip),
        USERS_MSG.CLIENTS_ASSIGNED,
      ),
  );

  app.post(
    '/assignparticularclient',
    {
      config: { access: { pages: ['assignclient', 'viewclient', 'viewip'] } },
      schema: {
        summary: 'Assign one intended parent to a case manager (from a grid row)',
        body: assignOneClientBody,
        response: { 200: envelope(assignAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.assignClients(
          deps,
          requireAuth(request),
          { manager_id: request.body.manager_id, clients: [request.body.client_id] },
          request.ip,
        ),
        USERS_MSG.CLIENTS_ASSIGNED,
      ),
  );

  app.post(
    '/assigndonortoadminmanager',
    {
      config: { access: { pages: ['assigndonor'] } },
      schema: {
        summary: 'Assign donors to an admin or case manager',
        body: assignDonorsBody,
        response: { 200: envelope(assignAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.assignDonors(deps, requireAuth(request), request.body, request.ip),
        USERS_MSG.DONORS_ASSIGNED,
      ),
  );

  app.post(
    '/invitesecondaryip',
    {
      config: { access: { pages: ['editprofile', 'viewclient', 'viewip'] } },
      schema: {
        summary: 'Invite the second intended parent of a primary parent',
        body: inviteSecondaryBody,
        response: { 200: envelope(inviteUserAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.inviteSecondary(deps, requireAuth(request), request.body, request.ip),
        MSG.INVITE_SENT,
      ),
  );

  app.get(
    '/getsecondaryintendedparent',
    {
      config: { access: { pages: ['editprofile'] } },
      schema: {
        summary: "The caller's second intended parent, if invited",
        response: { 200: envelope(userRowSchema.nullable()) },
      },
    },
    async (request) => ok(await service.secondaryOf(deps, requireAuth(request))),
  );

  app.post(
    '/getipsearchhistory',
    {
      config: { access: { pages: ['ip-search-history-list'] } },
      schema: {
        summary: "Searches the center's intended parents ran",
        body: ipSearchHistoryBody,
        response: { 200: envelope(ipSearchAnswer) },
      },
    },
    async (request) => ok(await service.ipSearchHistory(deps, requireAuth(request), request.body)),
  );

  app.post(
    '/generateregisteredipcsv',
    {
      config: { access: { pages: ['registered-ip-report'] } },
      schema: {
        summary: 'Intended parents registered between two dates (by status), as a streamed CSV file',
        body: registeredIpReportBody,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `registered-ip-${request.body.startdate}-${request.body.lastdate}.csv`,
        REGISTERED_IP_CSV_HEADER,
        service.registeredIpCsvRows(deps, requireAuth(request), request.body),
      ),
  );
};
