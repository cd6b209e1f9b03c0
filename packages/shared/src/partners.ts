import { z } from 'zod';
import { idSchema } from './validation.js';

/**
 * Partner sign-in (single sign-on, decision 019): a center trusts a partner site that signs a
 * short-lived token (a JWT) naming one of the center's users; the login page posts it to
 * tokensignin. The master admin configures the partner per center.
 */
export const PARTNER_MSG = {
  /** The spec's one answer to every refused partner token: it never says which check failed. */
  SSO_FAILED: 'Unable to process sso login.',
  SAVED: 'Partner sign-in saved.',
  REMOVED: 'Partner sign-in removed.',
  PARTNER_LOGIN: "Please sign in through your agency's partner site.",
  ISSUER: 'Issuer is required (at most 200 characters).',
  ISSUER_TAKEN: 'Another agency already trusts this issuer.',
  KEYS: 'Paste the partner public key: a PEM public key or certificate, a JWK or a JWK set.',
  PRIVATE_KEY:
    'That is a private key. Paste the partner public key only, and have the partner replace the key it shared.',
  SYMMETRIC_KEY:
    'A shared secret cannot be used: the partner must sign with a private key and give its public key.',
  KEY_ALGORITHM: 'A key does not fit any of the chosen algorithms.',
  ALGORITHMS: 'Choose at least one signature algorithm.',
  LOGIN_URL: 'Partner login URL must be an https address.',
  CENTER: 'Center is invalid.',
} as const;

/** Asymmetric signature algorithms a partner may use; never "none", never HS* with a public key. */
export const SSO_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;
export type SsoAlgorithm = (typeof SSO_ALGORITHMS)[number];

/** The longest lifetime (exp - iat) and age of a partner token, and the clock skew allowed. */
export const SSO_TOKEN_MAX_AGE_S = 300;
export const SSO_CLOCK_TOLERANCE_S = 30;

/**
 * Where the partner puts the token: the login page's query string, `#/login?sso_token=…` (the
 * fragment never reaches a server log) or `?sso_token=…#/login`.
 */
export const SSO_QUERY_PARAM = 'sso_token';

const failed = { error: PARTNER_MSG.SSO_FAILED };

/** POST tokensignin {form, token}: `form` names the page that sent it (the login form). */
export const tokenSignInBody = z.object({
  form: z.string(failed).trim().max(40, PARTNER_MSG.SSO_FAILED).default('login'),
  token: z
    .string(failed)
    .trim()
    .min(20, PARTNER_MSG.SSO_FAILED)
    .max(8192, PARTNER_MSG.SSO_FAILED)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, PARTNER_MSG.SSO_FAILED),
});
export type TokenSignInBody = z.input<typeof tokenSignInBody>;

const centerId = idSchema({ message: PARTNER_MSG.CENTER });

export const partnerCenterParams = z.object({ center: centerId });

/** POST savepartnersignin: `keys` is the text the admin pasted (checked and stored as a JWK set). */
export const savePartnerSignInBody = z.object({
  center_id: centerId,
  enabled: z.boolean().default(true),
  issuer: z
    .string({ error: PARTNER_MSG.ISSUER })
    .trim()
    .min(1, PARTNER_MSG.ISSUER)
    .max(200, PARTNER_MSG.ISSUER),
  keys: z.string({ error: PARTNER_MSG.KEYS }).trim().min(1, PARTNER_MSG.KEYS).max(20_000, PARTNER_MSG.KEYS),
  algorithms: z
    .array(z.enum(SSO_ALGORITHMS, { error: PARTNER_MSG.ALGORITHMS }), { error: PARTNER_MSG.ALGORITHMS })
    .min(1, PARTNER_MSG.ALGORITHMS)
    .max(SSO_ALGORITHMS.length, PARTNER_MSG.ALGORITHMS),
  login_url: z
    .string({ error: PARTNER_MSG.LOGIN_URL })
    .trim()
    .max(500, PARTNER_MSG.LOGIN_URL)
    .refine(isWebUrl, PARTNER_MSG.LOGIN_URL),
  password_login: z.boolean().default(true),
});
export type SavePartnerSignInBody = z.input<typeof savePartnerSignInBody>;

export const removePartnerSignInBody = z.object({ center_id: centerId });

/** An absolute http(s) URL (the server asks for https in production). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

/** GET partnersignin/{center}: the center's partner, or null. */
export interface PartnerSignIn {
  centerId: number;
  enabled: boolean;
  issuer: string;
  /** The stored public keys as a JWK set (JSON text), what the form shows. */
  keys: string;
  algorithms: SsoAlgorithm[];
  loginUrl: string;
  passwordLogin: boolean;
  updatedAt: string;
}

export interface PartnerSignInAnswer {
  /** The `aud` partner tokens must carry: this app's address. */
  audience: string;
  partner: PartnerSignIn | null;
}
