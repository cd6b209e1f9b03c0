import {
  LOGIN_RATE_MAX_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
  MSG,
  mayPartnerSignIn,
  PARTNER_MSG,
  SSO_ALGORITHMS,
  SSO_CLOCK_TOLERANCE_S,
  SSO_TOKEN_MAX_AGE_S,
  type TokenSignInBody,
  type UserStatus,
} from '@dm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createLocalJWKSet, decodeJwt, type JWTPayload, jwtVerify } from 'jose';
import type { ModuleDeps } from '../../platform/deps.js';
import { AppError, tooManyRequests } from '../../platform/errors.js';
import { ATTEMPT, attemptsSince, findUserByUsername, recordAttempt } from '../auth/auth.repo.js';
import { type RequestContext, type SignedIn, signIn } from '../auth/auth.service.js';
import * as repo from './partners.repo.js';
import { audienceOf } from './partners.service.js';

type Deps = Pick<ModuleDeps, 'db' | 'config' | 'clock'>;

/** The login_attempts rows of refused partner tokens use this name, apart from user accounts. */
export const SSO_ATTEMPT_NAME = 'sso';

/** Why a token was refused: for the log only; the caller is told PARTNER_MSG.SSO_FAILED. */
class Refusal extends Error {
  constructor(
    readonly reason: string,
    readonly centerId: number | null = null,
  ) {
    super(reason);
  }
}

/** jose's error codes, and the claim a claim check failed on, as a reason without values. */
function reasonOf(error: unknown): string {
  const e = error as { code?: string; claim?: string };
  return [e.code ?? 'verify-failed', e.claim].filter(Boolean).join(':');
}

/** The partner and the verified claims of a token, or a Refusal. */
async function verifyToken(deps: Deps, token: string, now: Date) {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw new Refusal('malformed');
  }
  if (typeof unverified.iss !== 'string') throw new Refusal('no-issuer');
  const partner = await repo.partnerByIssuer(deps.db, unverified.iss);
  if (!partner?.enabled) throw new Refusal('unknown-issuer');
  const algorithms = SSO_ALGORITHMS.filter((a) => partner.algorithms.includes(a));
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(partner.keys), {
      issuer: partner.issuer,
      audience: audienceOf(deps),
      algorithms,
      clockTolerance: SSO_CLOCK_TOLERANCE_S,
      maxTokenAge: SSO_TOKEN_MAX_AGE_S,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'jti'],
    });
    // A token must be short-lived: a long one would keep its jti in our table all that while.
    if (payload.exp! - payload.iat! > SSO_TOKEN_MAX_AGE_S) throw new Refusal('lifetime', partner.centerId);
    if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 200)
      throw new Refusal('jti', partner.centerId);
    return { partner, payload: payload as JWTPayload & { exp: number; jti: string } };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(reasonOf(error), partner.centerId);
  }
}

/** The account a token names: its `email` claim, else its `sub` (our usernames are e-mail addresses). */
function usernameOf(payload: JWTPayload): string | null {
  const name = typeof payload.email === 'string' ? payload.email : payload.sub;
  return typeof name === 'string' && name.includes('@') && name.length <= 200
    ? name.trim().toLowerCase()
    : null;
}

/** Checks every part of the token, spends it and finds the user; throws a Refusal otherwise. */
async function acceptToken(deps: Deps, token: string, now: Date) {
  const { partner, payload } = await verifyToken(deps, token, now);
  // A verified token is spent whatever follows, so it can never be tried twice.
  const fresh = await repo.spendToken(deps.db, {
    centerId: partner.centerId,
    jti: payload.jti,
    expiresAt: new Date(payload.exp * 1000),
    now,
  });
  if (!fresh) throw new Refusal('replayed', partner.centerId);
  const username = usernameOf(payload);
  if (!username) throw new Refusal('no-user-claim', partner.centerId);
  const user = await findUserByUsername(deps.db, username);
  if (!user) throw new Refusal('unknown-user', partner.centerId);
  const facts = { role: user.role, centerId: user.centerId, status: user.status as UserStatus };
  if (!mayPartnerSignIn(partner, facts as Parameters<typeof mayPartnerSignIn>[1]))
    throw new Refusal(
      user.centerId === partner.centerId ? 'user-not-allowed' : 'other-center',
      partner.centerId,
    );
  return { partner, user };
}

/**
 * POST tokensignin: a partner's signed token signs its user in with the session and destination
 * a password login gives (decision 019). Every refusal answers 401 PARTNER_MSG.SSO_FAILED, logs
 * why (never the token) and counts against the address like a failed login.
 */
export async function tokenSignIn(
  deps: Deps,
  body: TokenSignInBody,
  ctx: RequestContext,
  log: FastifyBaseLogger,
): Promise<SignedIn> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - LOGIN_RATE_WINDOW_MS);
  const { failedByAddress } = await attemptsSince(deps.db, SSO_ATTEMPT_NAME, ctx.ip, since);
  if (failedByAddress >= LOGIN_RATE_MAX_PER_ADDRESS) throw tooManyRequests(MSG.TOO_MANY_ATTEMPTS);
  let accepted: Awaited<ReturnType<typeof acceptToken>>;
  try {
    accepted = await acceptToken(deps, body.token, now);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await recordAttempt(deps.db, {
      username: SSO_ATTEMPT_NAME,
      ip: ctx.ip,
      outcome: ATTEMPT.FAILED,
      at: now,
    });
    log.warn({ sso: { reason: error.reason, centerId: error.centerId } }, 'partner sign-in refused');
    throw new AppError(401, PARTNER_MSG.SSO_FAILED);
  }
  const { user } = accepted;
  return deps.db.transaction(async (tx) => {
    await repo.purgeSpentTokens(tx, now);
    return signIn(tx, now, user, ctx, { method: 'partner', form: body.form ?? 'login' });
  });
}
