import {
  type AcceptEulaAnswer,
  CENTER_ID,
  EMAIL_TYPE,
  FAILED_LOGINS_BEFORE_CAPTCHA,
  INVITE_TOKEN_TTL_MS,
  LOGIN_RATE_MAX_PER_ACCOUNT,
  LOGIN_RATE_MAX_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
  type LoginBody,
  type LoginSuccess,
  MSG,
  postLoginDestination,
  RESET_TOKEN_TTL_MS,
  type RegisterBody,
  ROLE,
  type RoleId,
  type SessionUser,
  SIGNUP_LINK_MAX_PER_ADDRESS,
  type SignupDetails,
  type SignupLinkBody,
  type SignupTokenAnswer,
  type SignupTokenBody,
  type TermsAnswer,
  type UserStatus,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { verifyCaptcha } from '../../platform/captcha.js';
import { hashPassword, newToken, verifyPassword } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { buildSessionUser } from '../../platform/session-user.js';
import { partnerLoginUrl } from '../partners/partners.service.js';
import { assertVerifiedCode, useVerifiedCode } from '../texts/texts.codes.js';
import { ARCHIVED_LOGIN_ACTION } from '../texts/texts.service.js';
import { defaultCaseManagerOf } from '../users/case-manager.js';
import {
  ATTEMPT,
  type AttemptOutcome,
  attemptsSince,
  type CenterRow,
  endSession,
  endUserSessions,
  findCenter,
  findLiveToken,
  findUserByUsername,
  insertDonor,
  insertSession,
  insertUser,
  issueUserToken,
  latestTerms,
  recordAttempt,
  signupLinkRequestsSince,
  spendUserTokens,
  tokensIssuedSince,
  type UserRow,
  updateUser,
} from './auth.repo.js';

export type AuthDeps = Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'secrets'>;

/** Where a request came from; stored with the session and the login attempt. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

/**
 * A new signed-in session: the answer of every route that signs someone in. The token goes into
 * the httpOnly cookie; `data` (the JSON answer) leaves it out unless a script asked for it.
 */
export interface SignedIn {
  data: LoginSuccess;
  token: string;
}

/** A password login of a user whose center signs in through its partner (decision 019). */
export interface PartnerRedirect {
  outcome: 'redirectPartnerLogin';
  url: string;
}

/** At most this many reset mails per account per rate window; more are silently dropped. */
const RESET_MAILS_PER_WINDOW = 5;

// A real argon2id hash to verify against when the account does not exist, so that an unknown
// username costs the same time as a wrong password. Made once per process, on first use.
let dummyHash: Promise<string> | null = null;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
}

/**
 * Opens a session for a user and answers as a successful login does. The session user and the
 * destination are computed before lastLoginAt moves, because the destination depends on the
 * previous login (first login, terms newer than the last login).
 */
export async function openSession(
  tx: Db,
  now: Date,
  userId: number,
  ctx: RequestContext,
  opts: { switchedFromUserId: number | null; countsAsLogin: boolean; startedAt?: Date },
): Promise<SignedIn> {
  if (opts.countsAsLogin) {
    // One session per person: a new login ends the older one, which then answers 'relogin'.
    // Sessions an admin opened by switching in are theirs, not this user's, so they stay.
    await endUserSessions(tx, userId, 'replaced', now, { ownOnly: true });
  }
  const token = await insertSession(tx, {
    userId,
    switchedFromUserId: opts.switchedFromUserId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    now,
    startedAt: opts.startedAt,
  });
  const user = await buildSessionUser(tx, userId, opts.switchedFromUserId);
  const destination = postLoginDestination(user);
  if (opts.countsAsLogin) {
    await updateUser(tx, userId, { lastLoginAt: now });
  }
  return { token, data: { outcome: 'success', user, destination } };
}

/** The failures that count towards the captcha: those since the last success in the window. */
function failuresSinceLastSuccess(attempts: { succeeded: number }[]): number {
  let failures = 0;
  for (const attempt of attempts) failures = attempt.succeeded === ATTEMPT.SUCCEEDED ? 0 : failures + 1;
  return failures;
}

/**
 * POST /authenticate. Throws the non-success outcomes as AppErrors carrying the LoginOutcome
 * in data, so the route only presents the success.
 *
 * Past FAILED_LOGINS_BEFORE_CAPTCHA failures a password is only checked with a solved captcha.
 * An attempt refused for a missing or bad captcha is recorded as a refusal: it counts towards the
 * address's limit but not towards the account's, so a stranger who does not solve captchas cannot
 * lock the owner out, and the owner with a solved captcha and the right password still gets in.
 */
export async function authenticate(
  deps: AuthDeps,
  body: LoginBody,
  ctx: RequestContext,
): Promise<SignedIn | PartnerRedirect> {
  const username = body.username.trim().toLowerCase();
  const now = deps.clock.now();
  const since = new Date(now.getTime() - LOGIN_RATE_WINDOW_MS);

  // Throttling counts failures only: a correct password is not what it protects against, and
  // counting successes would lock out an office whose staff share one address.
  const attempts = await attemptsSince(deps.db, username, ctx.ip, since);
  const failedByAccount = attempts.byAccount.filter((a) => a.succeeded === ATTEMPT.FAILED).length;
  if (
    failedByAccount >= LOGIN_RATE_MAX_PER_ACCOUNT ||
    attempts.failedByAddress >= LOGIN_RATE_MAX_PER_ADDRESS
  ) {
    throw tooManyRequests(MSG.TOO_MANY_ATTEMPTS);
  }
  const record = (outcome: AttemptOutcome, db: Db = deps.db) =>
    recordAttempt(db, { username, ip: ctx.ip, outcome, at: now });
  const refuse = async (message: string) => {
    await record(ATTEMPT.REFUSED);
    throw badRequest(message, { outcome: 'showCaptcha' });
  };

  const failures = failuresSinceLastSuccess(attempts.byAccount);
  if (failures >= FAILED_LOGINS_BEFORE_CAPTCHA) {
    if (!body.captcha) return refuse(MSG.CAPTCHA_REQUIRED);
    if (!(await verifyCaptcha(deps.db, deps.config, deps.clock, body.captcha))) {
      return refuse(MSG.CAPTCHA_INVALID);
    }
  }

  const user = await findUserByUsername(deps.db, username);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyPassword(await dummyPasswordHash(), body.password).then(() => false);
  // Invited users have no password; archived staff and donors are refused like a wrong password.
  const archivedClient = user?.status === 'Archived' && user.role === ROLE.CLIENT;
  if (!user || !passwordOk || (user.status === 'Archived' && !archivedClient)) {
    await record(ATTEMPT.FAILED);
    const captchaRequired = failures + 1 >= FAILED_LOGINS_BEFORE_CAPTCHA;
    throw badRequest(MSG.LOGIN_FAILED, { outcome: 'failed', captchaRequired });
  }
  // Only after the right password, so the outcome never reveals an account to a guesser.
  if (archivedClient) {
    await record(ATTEMPT.FAILED);
    // What lets her ask her agency to reactivate her (sendarchivedclientnotification).
    await audit(
      deps.db,
      null,
      {
        action: ARCHIVED_LOGIN_ACTION,
        entityType: 'user',
        entityId: user.id,
        centerId: user.centerId,
        at: now,
      },
      ctx.ip,
    );
    throw new AppError(403, MSG.ARCHIVED_CLIENT, { outcome: 'archivedClient' });
  }
  // Also only after the right password: a center that signs in through its partner opens no
  // session here; the browser is sent to the partner's login page, which the master admin set.
  const partnerUrl = await partnerLoginUrl(deps.db, user);
  if (partnerUrl !== null) {
    await record(ATTEMPT.SUCCEEDED);
    await audit(
      deps.db,
      null,
      { action: 'login_sent_to_partner', entityType: 'user', entityId: user.id, centerId: user.centerId },
      ctx.ip,
    );
    return { outcome: 'redirectPartnerLogin', url: partnerUrl };
  }

  return deps.db.transaction(async (tx) => {
    await record(ATTEMPT.SUCCEEDED, tx);
    return signIn(tx, now, user, ctx);
  });
}

/**
 * A sign-in of the user's own (a password, a partner's token): the session of a login, its
 * destination, and the audited 'login' entry (`details` say how, when not by password).
 */
export async function signIn(
  tx: Db,
  now: Date,
  user: { id: number; centerId: number },
  ctx: RequestContext,
  details?: Record<string, unknown>,
): Promise<SignedIn> {
  const signedIn = await openSession(tx, now, user.id, ctx, {
    switchedFromUserId: null,
    countsAsLogin: true,
  });
  await audit(
    tx,
    null,
    {
      action: 'login',
      entityType: 'user',
      entityId: user.id,
      centerId: user.centerId,
      ...(details ? { details } : {}),
    },
    ctx.ip,
  );
  return signedIn;
}

/** GET /me */
export async function currentUser(deps: AuthDeps, auth: Auth): Promise<SessionUser> {
  // Read with the session when the route asked for it (one round trip).
  return auth.sessionUser ?? buildSessionUser(deps.db, auth.userId, auth.switchedFromUserId);
}

/** POST /logoutuser: ends this session only (a switched one too: the admin signs in again). */
export async function logout(deps: AuthDeps, auth: Auth, ip: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await endSession(tx, auth.sessionId, 'logout', now);
    await audit(tx, auth, { action: 'logout', entityType: 'user', entityId: auth.userId }, ip);
  });
}

/** GET /terms */
export async function currentTerms(deps: AuthDeps): Promise<TermsAnswer> {
  const row = await latestTerms(deps.db);
  if (!row) throw notFound(MSG.NO_DATA);
  return { body: row.body, publishedAt: row.publishedAt.toISOString() };
}

/** POST /accepteula */
export async function acceptEula(deps: AuthDeps, auth: Auth, ip: string): Promise<AcceptEulaAnswer> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const updated = await updateUser(tx, auth.userId, { eulaAcceptedAt: now, updatedAt: now });
    await audit(tx, auth, { action: 'accept_terms', entityType: 'user', entityId: auth.userId }, ip);
    return { affectedRows: updated ? 1 : 0, eulaAcceptedAt: now.toISOString() };
  });
}

/**
 * POST /resetpassword. Always answers the same, so the form cannot tell whether an account
 * exists; only Active and Pre-Active accounts are sent a link.
 */
export async function requestPasswordReset(deps: AuthDeps, username: string, ip: string): Promise<void> {
  const now = deps.clock.now();
  const user = await findUserByUsername(deps.db, username);
  if (!user || (user.status !== 'Active' && user.status !== 'Pre-Active')) return;
  await deps.db.transaction(async (tx) => {
    const since = new Date(now.getTime() - LOGIN_RATE_WINDOW_MS);
    // Keeps the form from being used to flood someone's mailbox.
    if ((await tokensIssuedSince(tx, user.id, 'reset', since)) >= RESET_MAILS_PER_WINDOW) return;
    const token = await issueUserToken(tx, {
      userId: user.id,
      purpose: 'reset',
      ttlMs: RESET_TOKEN_TTL_MS,
      now,
    });
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: user.centerId,
      emailTypeId: EMAIL_TYPE.RESET_PASSWORD,
      to: user.username,
      vars: {
        recipient: user.firstName || user.username,
        link: `${deps.config.publicUrl}/#/reset/${encodeURIComponent(user.username)}?token=${token}`,
      },
    });
    await audit(
      tx,
      null,
      { action: 'reset_requested', entityType: 'user', entityId: user.id, centerId: user.centerId },
      ip,
    );
  });
}

/** The sign-up e-mail of each role a visitor may ask a new link for. */
const SIGNUP_MAIL: Record<number, number> = {
  [ROLE.DONOR]: EMAIL_TYPE.INVITE_DONOR,
  [ROLE.CLIENT]: EMAIL_TYPE.INVITE_CLIENT,
};

/**
 * POST /invitedonor: a visitor whose invitation link was lost or expired asks for a new one.
 * Always answers the same (decision 004): only an account that is still Invited, of the type
 * asked for, is sent a fresh link (older links stop working); nobody else is sent anything and
 * no account is created. Every request is counted per IP address (429 past
 * SIGNUP_LINK_MAX_PER_ADDRESS in the login rate window, which reveals nothing about accounts);
 * links per e-mail address are capped like reset mails, silently.
 */
export async function requestSignupLink(deps: AuthDeps, body: SignupLinkBody, ip: string): Promise<void> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - LOGIN_RATE_WINDOW_MS);
  await deps.db.transaction(async (tx) => {
    // The request log doubles as the per-IP counter.
    if ((await signupLinkRequestsSince(tx, ip, since)) >= SIGNUP_LINK_MAX_PER_ADDRESS)
      throw tooManyRequests(MSG.TOO_MANY_REQUESTS);
    await audit(
      tx,
      null,
      { action: 'signup_link_requested', entityType: 'signup_link_request', entityId: ip, at: now },
      ip,
    );
  });
  const user = await findUserByUsername(deps.db, body.username);
  const waiting = user?.status === 'Invited' && user.role === body.user_type && !user.passwordHash;
  if (!user || !waiting) return;
  await deps.db.transaction(async (tx) => {
    // Keeps the form from being used to flood someone's mailbox.
    if ((await tokensIssuedSince(tx, user.id, 'invite', since)) >= RESET_MAILS_PER_WINDOW) return;
    const center = await findCenter(tx, user.centerId);
    await spendUserTokens(tx, user.id, ['invite'], now);
    const token = await issueUserToken(tx, {
      userId: user.id,
      purpose: 'invite',
      ttlMs: INVITE_TOKEN_TTL_MS,
      now,
    });
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: user.centerId,
      emailTypeId: SIGNUP_MAIL[user.role]!,
      to: user.username,
      vars: {
        recipient: user.firstName || user.username,
        sender: center?.name ?? '',
        link: `${deps.config.publicUrl}/#/signup/${token}`,
      },
    });
    await audit(
      tx,
      null,
      { action: 'signup_link_sent', entityType: 'user', entityId: user.id, centerId: user.centerId },
      ip,
    );
  });
}

/** The status an invited user gets on choosing a password. */
function statusAfterSignup(user: UserRow, center: CenterRow): UserStatus {
  if (user.status !== 'Invited') return user.status as UserStatus;
  // A second intended parent starts Pre-Active (donor-forms-admin spec, Users); staff activate them.
  if (user.role === ROLE.CLIENT && user.parentId !== null) return 'Pre-Active';
  // A consumer-site client without a case manager still has to pay before seeing donors.
  if (user.role === ROLE.CLIENT && user.managerId === null && center.consumerSite) return 'Pre-Active';
  return 'Active';
}

/** POST /updatepassword: a reset (or invitation) link sets a new password and ends every session. */
export async function updatePassword(
  deps: AuthDeps,
  input: { email: string; passtoken: string; password: string },
  ip: string,
): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const found = await findLiveToken(tx, input.passtoken, ['reset', 'invite'], now);
    if (!found || found.user.username.toLowerCase() !== input.email.toLowerCase()) {
      throw badRequest(MSG.INVALID_LINK);
    }
    const { user, center } = found;
    if (user.status === 'Archived') throw badRequest(MSG.INVALID_LINK);
    await updateUser(tx, user.id, { passwordHash, status: statusAfterSignup(user, center), updatedAt: now });
    await spendUserTokens(tx, user.id, ['reset', 'invite'], now);
    // Whoever knew the old password is signed out everywhere.
    await endUserSessions(tx, user.id, 'password_changed', now, { ownOnly: false });
    await audit(
      tx,
      null,
      { action: 'password_reset', entityType: 'user', entityId: user.id, centerId: user.centerId },
      ip,
    );
  });
}

/** POST /userregistration and /updateduserregistration: self sign-up, then signed in at once. */
export async function register(deps: AuthDeps, body: RegisterBody, ctx: RequestContext): Promise<SignedIn> {
  const now = deps.clock.now();
  // Text notifications need the number's code verified; a wrong code counts as a try.
  const number = { country_code: body.countryCode, contactno: body.contactno };
  if (body.receive_text_notification) await assertVerifiedCode(deps, number, body.otp);
  const passwordHash = await hashPassword(body.password);
  const centerId = body.centerId ?? CENTER_ID.MAIN;
  try {
    return await deps.db.transaction(async (tx) => {
      const center = await findCenter(tx, centerId);
      if (!center?.visible) throw badRequest(MSG.INVALID_CENTER);
      if (await findUserByUsername(tx, body.username)) throw badRequest(MSG.USERNAME_EXISTS);
      const role: RoleId = body.userType;
      const mobileVerifiedAt = body.receive_text_notification
        ? await useVerifiedCode(tx, deps, number, body.otp)
        : null;
      // A new intended parent gets the agency's default case manager (the agency setting).
      const managerId = role === ROLE.CLIENT ? await defaultCaseManagerOf(tx, centerId) : null;
      const user = await insertUser(tx, {
        centerId,
        role,
        managerId,
        // Self-registered clients have not paid or been assigned yet; donors start their forms.
        status: role === ROLE.CLIENT ? 'Pre-Active' : 'Active',
        username: body.username,
        firstName: body.firstname,
        middleName: body.middlename,
        lastName: body.lastname,
        contactNo: body.contactno,
        countryCode: body.countryCode,
        country: body.country,
        passwordHash,
        referrer: body.referrer ?? null,
        receiveTextNotification: body.receive_text_notification,
        mobileVerifiedAt,
        createdAt: now,
        updatedAt: now,
      });
      // A new donor has not filled the pre-form (preFormStatus null): she lands on /preform.
      if (role === ROLE.DONOR) await insertDonor(tx, user.id, centerId);
      await queueTemplatedMail(tx, deps.secrets, {
        centerId,
        emailTypeId: EMAIL_TYPE.REGISTRATION_WELCOME,
        to: user.username,
        vars: {
          recipient: user.firstName || user.username,
          link: `${deps.config.publicUrl}/#/login/${encodeURIComponent(user.username)}`,
        },
      });
      await audit(
        tx,
        null,
        {
          action: 'register',
          entityType: 'user',
          entityId: user.id,
          centerId,
          details: {
            role,
            referrer: body.referrer ?? null,
            textNotifications: body.receive_text_notification,
          },
        },
        ctx.ip,
      );
      return openSession(tx, now, user.id, ctx, { switchedFromUserId: null, countsAsLogin: true });
    });
  } catch (error) {
    // Two sign-ups with the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw badRequest(MSG.USERNAME_EXISTS);
    throw error;
  }
}

/** POST /getusersignupdetails: what the invitation form is prefilled with. */
export async function signupDetails(deps: AuthDeps, token: string): Promise<SignupDetails> {
  const found = await findLiveToken(deps.db, token, ['invite'], deps.clock.now());
  if (found?.user.status !== 'Invited') throw badRequest(MSG.INVALID_LINK);
  const { user, center } = found;
  return {
    username: user.username,
    firstname: user.firstName,
    middlename: user.middleName,
    lastname: user.lastName,
    contactno: user.contactNo,
    userType: user.role as RoleId,
    agencyName: center.agencyName,
  };
}

/** POST /signuptokenauth: an invited user chooses a password; they then sign in as usual. */
export async function signupWithToken(
  deps: AuthDeps,
  body: SignupTokenBody,
  ip: string,
): Promise<SignupTokenAnswer> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    const found = await findLiveToken(tx, body.token, ['invite'], now);
    if (found?.user.status !== 'Invited') throw badRequest(MSG.INVALID_LINK);
    const { user, center } = found;
    await updateUser(tx, user.id, {
      firstName: body.firstname,
      middleName: body.middlename,
      lastName: body.lastname,
      contactNo: body.contactno,
      passwordHash,
      status: statusAfterSignup(user, center),
      updatedAt: now,
    });
    await spendUserTokens(tx, user.id, ['invite', 'reset'], now);
    await audit(
      tx,
      null,
      { action: 'signup', entityType: 'user', entityId: user.id, centerId: user.centerId },
      ip,
    );
    return { redirectUrl: `/login/${encodeURIComponent(user.username)}` };
  });
}
