import { MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../app.js';
import { requireAuth } from '../../platform/auth-context.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
import { inviteUserAnswer, inviteUserBody, reinviteUserBody } from './users.schemas.js';
import { inviteUser, reinviteUser } from './users.service.js';

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
      ok(await inviteUser(deps, requireAuth(request), request.body, request.ip), MSG.INVITE_SENT),
  );

  app.post(
    '/reinviteuser',
    {
      config: { access: { pages: ['addclient', 'viewclient'] } },
      schema: {
        summary: 'Send a new sign-up link to an invited user',
        body: reinviteUserBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await reinviteUser(deps, requireAuth(request), request.body.userId, request.ip);
      return ok(null, MSG.INVITE_SENT);
    },
  );
};
