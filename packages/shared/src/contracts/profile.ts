import { endpoint } from '../contract.js';
import {
  emailCodeSent,
  profileBody,
  profileIdParams,
  profileResendOtpBody,
  profileSendOtpBody,
  profileVerifyContactBody,
  profileView,
  sendEmailCodeBody,
  verifyEmailCodeBody,
} from '../profile.js';
import { otpSent } from '../texts.js';

/** One's own profile (/editprofile): every role. */
const own = { pages: ['editprofile'] } as const;
/** Reading a profile: one's own, or staff of the user's center (/viewprofile); the service decides. */
const read = { pages: ['editprofile', 'viewprofile'] } as const;
/** The e-mail change is finished from the profile (code) or the mail's link (/verifyuser). */
const verify = { pages: ['editprofile', 'verifyuser'] } as const;

const sendEmailCode = {
  method: 'POST',
  access: own,
  summary: 'Send a code and a link to the new e-mail address (the username changes only when verified)',
  body: sendEmailCodeBody,
  data: emailCodeSent,
} as const;
const verifyEmailCode = {
  method: 'POST',
  access: verify,
  summary: "Verify the new e-mail with the mail's code or link token (isUrl); the username changes",
  body: verifyEmailCodeBody,
  data: null,
} as const;

/**
 * The profile's My account tab, contact number and e-mail change. The e-mail change's urls end
 * with a slash in the spec (decision 015); both spellings answer, each its own endpoint.
 */
export const profileContract = {
  own: endpoint({
    method: 'GET',
    path: '/getuserbyuserid',
    access: read,
    summary: "The caller's own profile",
    data: profileView,
  }),
  one: endpoint({
    method: 'GET',
    path: '/getuserbyuserid/:id',
    access: read,
    summary:
      "A user's profile: one's own, or (staff, audited) a user of the caller's center; a client or donor asking for another: 403; another center: 404",
    params: profileIdParams,
    data: profileView,
  }),
  update: endpoint({
    method: 'POST',
    path: '/updateprofileuserdetails',
    access: own,
    summary:
      "Save the caller's My account fields (mandatory fields, known zip, notification preference rules)",
    body: profileBody,
    data: profileView,
  }),
  sendContactCode: endpoint({
    method: 'POST',
    path: '/profile/sendotpcontact',
    access: own,
    summary: 'Text a code to a new contact number of the caller (a solved captcha first)',
    body: profileSendOtpBody,
    data: otpSent,
  }),
  resendContactCode: endpoint({
    method: 'POST',
    path: '/profile/resendmoileotp',
    access: own,
    summary: 'Text another code to the number (30 s after a send)',
    body: profileResendOtpBody,
    data: otpSent,
  }),
  verifyContact: endpoint({
    method: 'POST',
    path: '/profile/verifycontact',
    access: own,
    summary: "The code makes the number the caller's contact number, verified",
    body: profileVerifyContactBody,
    data: profileView,
  }),
  sendEmailCode: endpoint({ ...sendEmailCode, path: '/sendverificationcode' }),
  sendEmailCodeSlash: endpoint({ ...sendEmailCode, path: '/sendverificationcode/' }),
  resendEmailCode: endpoint({ ...sendEmailCode, path: '/resendverificationcode' }),
  resendEmailCodeSlash: endpoint({ ...sendEmailCode, path: '/resendverificationcode/' }),
  verifyEmailCode: endpoint({ ...verifyEmailCode, path: '/verifyverificationcode' }),
  verifyEmailCodeSlash: endpoint({ ...verifyEmailCode, path: '/verifyverificationcode/' }),
};
