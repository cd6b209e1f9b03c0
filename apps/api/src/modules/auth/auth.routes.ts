import {
  loginBody,
  MSG,
  PARTNER_MSG,
  registerBody,
  resetRequestBody,
  SESSION_COOKIE,
  signupLinkBody,
  signupTokenBody,
  tokenSignInBody,
  updatePasswordBody,
} from '@dm/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import { createCaptchaChallenge } from '../../platform/captcha.js';
import type { Config } from '../../platform/config.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
import { jsonRoute, publicRoute } from '../../platform/routes.js';
import { tokenSignIn } from '../partners/sso.service.js';
import {
  acceptEulaSchema,
  loginSuccessSchema,
  partnerRedirectSchema,
  sessionUserSchema,
  signupDetailsSchema,
  signupTokenAnswerSchema,
  termsSchema,
  tokenBody,
  userIdBody,
} from './auth.schemas.js';
import * as service from './auth.service.js';
import { switchBack, switchInto } from './auth.switch.js';

function contextOf(request: FastifyRequest): service.RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** The browser keeps the session in an httpOnly cookie that scripts cannot read. */
function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
  });
}

function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
  });
}

export const authRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const signedInResponse = { 200: envelope(loginSuccessSchema) };

  app.post(
    '/authenticate',
    {
      config: { access: { public: true } },
      schema: {
        summary:
          'Sign in with username and password (and a solved captcha after failures). The session is the httpOnly cookie; `issueToken: true` also returns it as `data.token` for the x-access-token header',
        body: loginBody,
        response: { 200: envelope(z.union([loginSuccessSchema, partnerRedirectSchema])) },
      },
    },
    async (request, reply) => {
      const signedIn = await service.authenticate(deps, request.body, contextOf(request));
      // The center signs in through its partner: no session, the browser goes there.
      if ('outcome' in signedIn) return ok(signedIn, PARTNER_MSG.PARTNER_LOGIN);
      setSessionCookie(reply, deps.config, signedIn.token);
      // Scripts using the x-access-token header ask for the token; the browser never gets it.
      const data = request.body.issueToken ? { ...signedIn.data, token: signedIn.token } : signedIn.data;
      return ok(data, MSG.LOGIN_SUCCESS);
    },
  );

  app.post(
    '/tokensignin',
    {
      config: { access: { public: true } },
      schema: {
        summary:
          "Sign in with a partner site's signed token (single sign-on, decision 019); any refusal answers 401 'Unable to process sso login.'",
        body: tokenSignInBody,
        response: signedInResponse,
      },
    },
    async (request, reply) => {
      const signedIn = await tokenSignIn(deps, request.body, contextOf(request), request.log);
      setSessionCookie(reply, deps.config, signedIn.token);
      return ok(signedIn.data, MSG.LOGIN_SUCCESS);
    },
  );

  app.get(
    '/captcha/challenge',
    {
      config: { access: { public: true } },
      schema: {
        summary: 'A proof-of-work captcha challenge for the altcha widget (raw JSON, no envelope)',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createCaptchaChallenge(deps.config, deps.clock.now());
    },
  );

  jsonRoute(
    app,
    'GET /me',
    { signedIn: true, sessionUser: true },
    {
      summary: 'The current session user',
      data: sessionUserSchema,
      run: (auth) => service.currentUser(deps, auth),
    },
  );

  // State changes are never GETs, so a cross-site link or image cannot make them.
  app.post(
    '/logoutuser',
    {
      config: { access: { signedIn: true } },
      schema: { summary: 'End the current session', response: { 200: emptyEnvelope } },
    },
    async (request, reply) => {
      await service.logout(deps, requireAuth(request), request.ip);
      clearSessionCookie(reply, deps.config);
      return ok(null, MSG.LOGGED_OUT);
    },
  );

  publicRoute(app, 'GET /terms', {
    summary: 'The terms and conditions in force',
    data: termsSchema,
    run: () => service.currentTerms(deps),
  });

  jsonRoute(
    app,
    'POST /accepteula',
    { signedIn: true },
    {
      summary: 'Accept the terms and conditions',
      data: acceptEulaSchema,
      run: (auth, { ip }) => service.acceptEula(deps, auth, ip),
    },
  );

  publicRoute(app, 'POST /resetpassword', {
    summary: 'Send a password reset link (same answer whether or not the account exists)',
    body: resetRequestBody,
    data: null,
    run: ({ body, ip }) => service.requestPasswordReset(deps, body.username, ip),
    message: MSG.RESET_SENT,
  });

  publicRoute(app, 'POST /invitedonor', {
    summary:
      'A visitor asks for a new sign-up link for her invitation (same answer whether or not one is waiting; rate limited per IP)',
    body: signupLinkBody,
    data: null,
    run: ({ body, ip }) => service.requestSignupLink(deps, body, ip),
    message: MSG.SIGNUP_LINK_SENT,
  });

  publicRoute(app, 'POST /updatepassword', {
    summary: 'Set a new password with a reset or invitation link',
    body: updatePasswordBody,
    data: null,
    run: ({ body, ip }) => service.updatePassword(deps, body, ip),
    message: MSG.PASSWORD_UPDATED,
  });

  for (const url of ['/userregistration', '/updateduserregistration']) {
    app.post(
      url,
      {
        config: { access: { public: true } },
        schema: {
          summary:
            url === '/userregistration'
              ? 'Register as a client or donor and sign in'
              : 'Register as a client or donor with a referrer and sign in',
          body: registerBody,
          response: signedInResponse,
        },
      },
      async (request, reply) => {
        const signedIn = await service.register(deps, request.body, contextOf(request));
        setSessionCookie(reply, deps.config, signedIn.token);
        return ok(signedIn.data, MSG.USER_REGISTERED);
      },
    );
  }

  publicRoute(app, 'POST /getusersignupdetails', {
    summary: 'What an invitation link was issued for',
    body: tokenBody,
    data: signupDetailsSchema,
    run: ({ body }) => service.signupDetails(deps, body.token),
  });

  publicRoute(app, 'POST /signuptokenauth', {
    summary: 'Accept an invitation: set names and password',
    body: signupTokenBody,
    data: signupTokenAnswerSchema,
    message: MSG.PASSWORD_UPDATED,
    run: ({ body, ip }) => service.signupWithToken(deps, body, ip),
  });

  app.post(
    '/authadmin',
    {
      config: { access: { pages: ['viewclient'] } },
      schema: {
        summary: "Switch into a user's account (staff)",
        body: userIdBody,
        response: signedInResponse,
      },
    },
    async (request, reply) => {
      const signedIn = await switchInto(deps, requireAuth(request), request.body.id, contextOf(request));
      setSessionCookie(reply, deps.config, signedIn.token);
      return ok(signedIn.data, MSG.LOGIN_SUCCESS);
    },
  );

  app.post(
    '/switchback',
    {
      config: { access: { signedIn: true } },
      schema: { summary: 'Return from a switched account to your own', response: signedInResponse },
    },
    async (request, reply) => {
      const signedIn = await switchBack(deps, requireAuth(request), contextOf(request));
      setSessionCookie(reply, deps.config, signedIn.token);
      return ok(signedIn.data, MSG.LOGIN_SUCCESS);
    },
  );
};
