import { profileContract as api, MSG, PROFILE_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './profile.service.js';

/** The profile's My account tab, contact number and e-mail change. */
export const profileRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.own, { run: (auth) => service.getProfile(deps, auth, undefined) });
  route(app, api.one, { run: (auth, { params }) => service.getProfile(deps, auth, params.id) });
  route(app, api.update, {
    run: (auth, { body }) => service.updateProfile(deps, auth, body),
    message: PROFILE_MSG.PROFILE_UPDATED,
  });

  // Contact number change for the signed-in user: captcha, the texts module's code, verify.
  route(app, api.sendContactCode, {
    run: (auth, { body, ip }) => service.sendContactCode(deps, auth, body, ip),
    message: MSG.OTP_SENT,
  });
  route(app, api.resendContactCode, {
    run: (auth, { body, ip }) => service.resendContactCode(deps, auth, body, ip),
    message: MSG.OTP_SENT,
  });
  route(app, api.verifyContact, {
    run: (auth, { body }) => service.verifyContact(deps, auth, body),
    message: PROFILE_MSG.CONTACT_UPDATED,
  });

  // E-mail change (decision 015): the spec's urls end with a slash; both spellings answer.
  for (const contract of [
    api.sendEmailCode,
    api.sendEmailCodeSlash,
    api.resendEmailCode,
    api.resendEmailCodeSlash,
  ])
    route(app, contract, {
      run: (auth, { body }) => service.sendEmailCode(deps, auth, body),
      message: PROFILE_MSG.EMAIL_CODE_SENT,
    });
  for (const contract of [api.verifyEmailCode, api.verifyEmailCodeSlash])
    route(app, contract, {
      run: (auth, { body }) => service.verifyEmailCode(deps, auth, body),
      message: PROFILE_MSG.EMAIL_VERIFIED,
    });
};
