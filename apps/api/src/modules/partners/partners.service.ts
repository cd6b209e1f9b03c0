import {
  mustUsePartnerLogin,
  PARTNER_MSG,
  type PartnerSignIn,
  type PartnerSignInAnswer,
  SSO_ALGORITHMS,
  type SsoAlgorithm,
  type savePartnerSignInBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { existingCenterIds } from '../centers/centers.repo.js';
import { parsePartnerKeys } from './partners.keys.js';
import * as repo from './partners.repo.js';

type Deps = Pick<ModuleDeps, 'db' | 'config' | 'clock'>;

function partnerOf(row: repo.PartnerRow): PartnerSignIn {
  return {
    centerId: row.centerId,
    enabled: row.enabled,
    issuer: row.issuer,
    keys: JSON.stringify(row.keys, null, 2),
    algorithms: row.algorithms.filter((a): a is SsoAlgorithm =>
      (SSO_ALGORITHMS as readonly string[]).includes(a),
    ),
    loginUrl: row.loginUrl,
    passwordLogin: row.passwordLogin,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function assertCenter(db: Db, centerId: number): Promise<void> {
  if ((await existingCenterIds(db, [centerId])).length === 0) throw notFound();
}

/** The `aud` every partner token must carry: this app's public address. */
export const audienceOf = (deps: Pick<ModuleDeps, 'config'>) => deps.config.publicUrl;

/** GET partnersignin/{center} (master admin). */
export async function partnerSignIn(deps: Deps, centerId: number): Promise<PartnerSignInAnswer> {
  await assertCenter(deps.db, centerId);
  const row = await repo.partnerOf(deps.db, centerId);
  return { audience: audienceOf(deps), partner: row ? partnerOf(row) : null };
}

/**
 * POST savepartnersignin (master admin): the keys are checked with jose and stored as public JWKs;
 * a production process sends browsers only to an https login page.
 */
export async function savePartnerSignIn(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof savePartnerSignInBody>,
  ip: string,
): Promise<PartnerSignInAnswer> {
  await assertCenter(deps.db, body.center_id);
  if (deps.config.production && !body.login_url.startsWith('https:'))
    throw badRequest(PARTNER_MSG.LOGIN_URL, { field: 'login_url' });
  const algorithms = body.algorithms as SsoAlgorithm[];
  const keys = await parsePartnerKeys(body.keys, algorithms);
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repo.savePartner(tx, {
        centerId: body.center_id,
        enabled: body.enabled,
        issuer: body.issuer,
        keys,
        algorithms,
        loginUrl: body.login_url,
        passwordLogin: body.password_login,
        updatedBy: auth.userId,
        updatedAt: deps.clock.now(),
      });
      await audit(
        tx,
        auth,
        {
          action: 'partner_sign_in_saved',
          entityType: 'center',
          entityId: body.center_id,
          centerId: body.center_id,
          details: {
            issuer: body.issuer,
            algorithms,
            keys: keys.length,
            enabled: body.enabled,
            passwordLogin: body.password_login,
          },
        },
        ip,
      );
      return { audience: audienceOf(deps), partner: partnerOf(row) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(PARTNER_MSG.ISSUER_TAKEN, { field: 'issuer' });
    throw error;
  }
}

/** POST removepartnersignin (master admin): the center's users sign in with passwords again. */
export async function removePartnerSignIn(
  deps: Deps,
  auth: Auth,
  body: { center_id: number },
  ip: string,
): Promise<null> {
  await assertCenter(deps.db, body.center_id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deletePartner(tx, body.center_id))) return;
    await audit(
      tx,
      auth,
      {
        action: 'partner_sign_in_removed',
        entityType: 'center',
        entityId: body.center_id,
        centerId: body.center_id,
      },
      ip,
    );
  });
  return null;
}

/**
 * The partner login page a password login of this user is sent to (redirectPartnerLogin), or
 * null when the user signs in here.
 */
export async function partnerLoginUrl(
  db: Db,
  user: { role: number; centerId: number },
): Promise<string | null> {
  const partner = await repo.partnerOf(db, user.centerId);
  return partner && mustUsePartnerLogin(partner, user as Parameters<typeof mustUsePartnerLogin>[1])
    ? partner.loginUrl
    : null;
}
