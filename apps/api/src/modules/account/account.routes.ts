import { ACCOUNT_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import { changePasswordBody, passwordChangedSchema, staffMemberSchema } from './account.schemas.js';
import * as service from './account.service.js';

/** Account settings of /editprofile: change password and the center's staff list. */
export const accountRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'POST /changepassword', ['editprofile'], {
    summary:
      "Change the caller's password (current password required); every other session of the user ends and its sockets drop",
    body: changePasswordBody,
    data: passwordChangedSchema,
    message: ACCOUNT_MSG.PASSWORD_CHANGED,
    run: (auth, { body, ip }) => service.changePassword(deps, auth, body, ip),
  });

  jsonRoute(app, 'GET /getstaffdetails', ['editprofile'], {
    summary: "The agency admins and case managers of the caller's center (for admins and case managers)",
    data: z.array(staffMemberSchema),
    run: (auth) => service.staffDetails(deps, auth),
  });
};
