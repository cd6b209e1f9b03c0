import {
  MSG,
  type PageKey,
  PROFILE_MSG,
  profileBody,
  profileResendOtpBody,
  profileSendOtpBody,
  profileVerifyContactBody,
  sendEmailCodeBody,
  verifyEmailCodeBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import { otpSent } from '../texts/texts.schemas.js';
import { emailCodeSent, profileIdParams, profileView } from './profile.schemas.js';
import * as service from './profile.service.js';

/** One's own profile (/editprofile): every role. */
const OWN: readonly PageKey[] = ['editprofile'];
/** Reading a profile: one's own, or staff of the user's center (/viewprofile); the service decides. */
const READ: readonly PageKey[] = ['editprofile', 'viewprofile'];
/** The e-mail change is finished from the profile (code) or the mail's link (/verifyuser). */
const VERIFY: readonly PageKey[] = ['editprofile', 'verifyuser'];

/** The profile's My account tab, contact number and e-mail change. */
export const profileRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /getuserbyuserid', READ, {
    summary: "The caller's own profile",
    data: profileView,
    run: (auth) => service.getProfile(deps, auth, undefined),
  });
  jsonRoute(app, 'GET /getuserbyuserid/:id', READ, {
    summary:
      "A user's profile: one's own, or (staff, audited) a user of the caller's center; a client or donor asking for another: 403; another center: 404",
    params: profileIdParams,
    data: profileView,
    run: (auth, { params }) => service.getProfile(deps, auth, params.id),
  });
  jsonRoute(app, 'POST /updateprofileuserdetails', OWN, {
    summary:
      "Save the caller's My account fields (mandatory fields, known zip, notification preference rules)",
    body: profileBody,
    data: profileView,
    message: PROFILE_MSG.PROFILE_UPDATED,
    run: (auth, { body }) => service.updateProfile(deps, auth, body),
  });

  // Contact number change for the signed-in user: captcha, the texts module's code, verify.
  jsonRoute(app, 'POST /profile/sendotpcontact', OWN, {
    summary: 'Text a code to a new contact number of the caller (a solved captcha first)',
    body: profileSendOtpBody,
    data: otpSent,
    message: MSG.OTP_SENT,
    run: (auth, { body, ip }) => service.sendContactCode(deps, auth, body, ip),
  });
  jsonRoute(app, 'POST /profile/resendmoileotp', OWN, {
    summary: 'Text another code to the number (30 s after a send)',
    body: profileResendOtpBody,
    data: otpSent,
    message: MSG.OTP_SENT,
    run: (auth, { body, ip }) => service.resendContactCode(deps, auth, body, ip),
  });
  jsonRoute(app, 'POST /profile/verifycontact', OWN, {
    summary: "The code makes the number the caller's contact number, verified",
    body: profileVerifyContactBody,
    data: profileView,
    message: PROFILE_MSG.CONTACT_UPDATED,
    run: (auth, { body }) => service.verifyContact(deps, auth, body),
  });

  // E-mail change (decision 015): the spec's urls end with a slash; both spellings answer.
  for (const url of ['/sendverificationcode', '/resendverificationcode'] as const) {
    for (const path of [url, `${url}/`] as const)
      jsonRoute(app, `POST ${path}`, OWN, {
        summary: 'Send a code and a link to the new e-mail address (the username changes only when verified)',
        body: sendEmailCodeBody,
        data: emailCodeSent,
        message: PROFILE_MSG.EMAIL_CODE_SENT,
        run: (auth, { body }) => service.sendEmailCode(deps, auth, body),
      });
  }
  for (const path of ['/verifyverificationcode', '/verifyverificationcode/'] as const)
    jsonRoute(app, `POST ${path}`, VERIFY, {
      summary: "Verify the new e-mail with the mail's code or link token (isUrl); the username changes",
      body: verifyEmailCodeBody,
      data: null,
      message: PROFILE_MSG.EMAIL_VERIFIED,
      run: (auth, { body }) => service.verifyEmailCode(deps, auth, body),
    });
};
