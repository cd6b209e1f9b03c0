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
import { jsonRoute } from '../../platform/routes.js';
import * as invite from './users.invite.js';
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
const GRIDS: { url: `/${string}`; page: PageKey; role?: RoleId; label: string; file: string }[] = [
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
  jsonRoute(app, 'POST /inviteuser', ['addclient', 'viewclient'], {
    summary: 'Invite a user (e-mails a sign-up link)',
    body: inviteUserBody,
    data: inviteUserAnswer,
    run: (auth, { body, ip }) => invite.inviteUser(deps, auth, body, ip),
    message: MSG.INVITE_SENT,
  });

  jsonRoute(app, 'POST /reinviteuser', ['addclient', 'editprofile', ...USER_PAGES], {
    summary: 'Send a new sign-up link to an invited user (staff; a primary parent: her own second parent)',
    body: reinviteUserBody,
    data: null,
    run: (auth, { body, ip }) => invite.reinviteUser(deps, auth, body.userId, ip),
    message: MSG.INVITE_SENT,
  });

  for (const grid of GRIDS) {
    jsonRoute(app, `POST ${grid.url}`, [grid.page], {
      summary: `A page of ${grid.label} of the caller's center: filters, search, sorting`,
      body: userListBody,
      data: userListAnswer,
      run: (auth, { body }) => service.userList(deps, auth, body, grid.role),
    });
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

  jsonRoute(app, 'POST /updateuserstatus', USER_PAGES, {
    summary:
      'Change a user status (Active needs a case manager for clients; 409 asks to confirm Pre-Active or archiving a manager with portfolios)',
    body: updateUserStatusBody,
    data: statusAnswer,
    run: (auth, { body, ip }) => service.updateUserStatus(deps, auth, body, ip),
    message: USERS_MSG.STATUS_UPDATED,
  });

  jsonRoute(app, 'GET /checkmanageractiveportfolio/:id', ['viewclient', 'viewcm'], {
    summary: 'How many portfolios a case manager still works on',
    params: userIdParams,
    data: z.object({ portfolios: z.number() }),
    run: (auth, { params }) => service.managerActivePortfolios(deps, auth, params.id),
  });

  jsonRoute(app, 'POST /updateuserdetails', USER_PAGES, {
    summary: "Update a user's names, e-mail and contact number",
    body: updateUserDetailsBody,
    data: userRowSchema,
    run: (auth, { body, ip }) => service.updateUserDetails(deps, auth, body, ip),
    message: USERS_MSG.DETAILS_UPDATED,
  });

  jsonRoute(app, 'POST /settemporarypassword', ADMIN_USER_PAGES, {
    summary: 'Admin sets a temporary password (the user is signed out everywhere)',
    body: temporaryPasswordBody,
    data: null,
    run: (auth, { body, ip }) => service.setTemporaryPassword(deps, auth, body, ip),
    message: USERS_MSG.PASSWORD_SET,
  });

  jsonRoute(app, 'DELETE /deleteuser/:id', ADMIN_USER_PAGES, {
    summary: 'Delete a user (admin)',
    params: userIdParams,
    data: null,
    run: (auth, { params, ip }) => service.deleteUser(deps, auth, params.id, ip),
    message: USERS_MSG.USER_DELETED,
  });

  jsonRoute(app, 'POST /inviteuserforanotherrole', ['addclient', 'viewclient'], {
    summary: 'Invite a user who has not signed up yet under another user type (a new sign-up link)',
    body: inviteForAnotherRoleBody,
    data: z.object({ userId: z.number(), role: z.number() }),
    run: (auth, { body, ip }) => invite.inviteForAnotherRole(deps, auth, body, ip),
    message: USERS_MSG.ROLE_CHANGED,
  });

  jsonRoute(
    app,
    'POST /getclientslist',
    { pages: ['viewclient'], reads: true },
    {
      summary: 'Up to 50 intended parents the caller manages, by name or e-mail',
      body: clientsListBody,
      data: z.array(clientOptionSchema),
      run: (auth, { body }) => service.clientOptions(deps, auth, body.search),
    },
  );

  jsonRoute(app, 'GET /getusercontactdetails/:id', ['archiveddonors', ...USER_PAGES], {
    summary: "Name, e-mail and phone of a user of the caller's center",
    params: userIdParams,
    data: contactDetailsSchema,
    run: (auth, { params, ip }) => service.contactDetails(deps, auth, params.id, ip),
  });

  jsonRoute(app, 'POST /saveintendedparentscache', ['viewip'], {
    summary: 'Refresh the intended-parent list (recorded; the grid reads live rows)',
    data: ipCacheTimeSchema,
    run: (auth, { ip }) => service.saveIpCache(deps, auth, ip),
  });

  jsonRoute(app, 'GET /getlastcacheupdatedtime', ['viewip'], {
    summary: 'When the intended-parent list was last refreshed',
    data: ipCacheTimeSchema,
    run: (auth) => service.lastIpCacheTime(deps, auth),
  });

  jsonRoute(app, 'GET /getcasemanagerlist', ['addclient', 'assignclient', ...USER_PAGES], {
    summary: "The center's case managers that are not archived",
    querystring: managersQuery,
    data: z.array(staffOptionSchema),
    run: (auth, { query }) => service.managerOptions(deps, auth, query.center_id),
  });

  jsonRoute(app, 'GET /getadmin', ['assigndonor'], {
    summary: 'Admins and case managers donors can be assigned to',
    data: z.array(staffOptionSchema),
    run: (auth) => service.assigneeOptions(deps, auth),
  });

  jsonRoute(app, 'POST /getclientstobeassign', ['assignclient'], {
    summary: 'Primary intended parents of the center, for assigning to a case manager',
    body: userListBody,
    data: userListAnswer,
    run: (auth, { body }) => service.userList(deps, auth, { ...body, parent_type: 'primary' }, ROLE.CLIENT),
  });

  jsonRoute(app, 'POST /getdonorstobeassign', ['assigndonor'], {
    summary: 'Donors of the center with the admin or manager they are assigned to',
    body: userListBody,
    data: userListAnswer,
    run: (auth, { body }) => service.userList(deps, auth, body, ROLE.DONOR),
  });

  jsonRoute(app, 'POST /assignclienttomanager', ['assignclient'], {
    summary: 'Assign intended parents (and their second parents) to a case manager',
    body: assignClientsBody,
    data: assignAnswer,
    run: (auth, { body, ip }) => service.assignClients(deps, auth, body, ip),
    message: USERS_MSG.CLIENTS_ASSIGNED,
  });

  jsonRoute(app, 'POST /assignparticularclient', ['assignclient', 'viewclient', 'viewip'], {
    summary: 'Assign one intended parent to a case manager (from a grid row)',
    body: assignOneClientBody,
    data: assignAnswer,
    run: (auth, { body, ip }) =>
      service.assignClients(deps, auth, { manager_id: body.manager_id, clients: [body.client_id] }, ip),
    message: USERS_MSG.CLIENTS_ASSIGNED,
  });

  jsonRoute(app, 'POST /assigndonortoadminmanager', ['assigndonor'], {
    summary: 'Assign donors to an admin or case manager',
    body: assignDonorsBody,
    data: assignAnswer,
    run: (auth, { body, ip }) => service.assignDonors(deps, auth, body, ip),
    message: USERS_MSG.DONORS_ASSIGNED,
  });

  jsonRoute(app, 'POST /invitesecondaryip', ['editprofile', 'viewclient', 'viewip'], {
    summary: 'Invite the second intended parent of a primary parent',
    body: inviteSecondaryBody,
    data: inviteUserAnswer,
    run: (auth, { body, ip }) => invite.inviteSecondary(deps, auth, body, ip),
    message: MSG.INVITE_SENT,
  });

  jsonRoute(app, 'GET /getsecondaryintendedparent', ['editprofile'], {
    summary: "The caller's second intended parent, if invited",
    data: userRowSchema.nullable(),
    run: (auth) => service.secondaryOf(deps, auth),
  });

  jsonRoute(app, 'POST /getipsearchhistory', ['ip-search-history-list'], {
    summary: "Searches the center's intended parents ran",
    body: ipSearchHistoryBody,
    data: ipSearchAnswer,
    run: (auth, { body }) => service.ipSearchHistory(deps, auth, body),
  });

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
