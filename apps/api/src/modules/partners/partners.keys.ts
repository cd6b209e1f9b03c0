import { PARTNER_MSG, SSO_ALGORITHMS, type SsoAlgorithm } from '@dm/shared';
import { exportJWK, importJWK, importSPKI, importX509, type JWK } from 'jose';
import type { StoredJwk } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';

/** The members of a public JWK kept when a key is saved; anything else (a private part) is not. */
const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'alg', 'use'] as const;
/** Members only a private or symmetric key has. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;
const MAX_KEYS = 10;
const MIN_RSA_BITS = 2048;

const refuse = (message: string) => badRequest(message, { field: 'keys' });

/** Which key an algorithm signs with. */
function fits(alg: SsoAlgorithm, jwk: JWK): boolean {
  if (alg.startsWith('RS') || alg.startsWith('PS')) return jwk.kty === 'RSA';
  if (alg === 'ES256') return jwk.kty === 'EC' && jwk.crv === 'P-256';
  if (alg === 'ES384') return jwk.kty === 'EC' && jwk.crv === 'P-384';
  if (alg === 'ES512') return jwk.kty === 'EC' && jwk.crv === 'P-521';
  return jwk.kty === 'OKP' && jwk.crv === 'Ed25519';
}

/** A PEM public key (SPKI) or certificate, read with the first chosen algorithm it fits. */
async function pemToJwk(pem: string, algorithms: readonly SsoAlgorithm[]): Promise<JWK> {
  for (const alg of algorithms) {
    try {
      const key = pem.includes('CERTIFICATE')
        ? await importX509(pem, alg, { extractable: true })
        : await importSPKI(pem, alg, { extractable: true });
      return await exportJWK(key);
    } catch {
      // not this algorithm's key type: try the next
    }
  }
  throw refuse(PARTNER_MSG.KEY_ALGORITHM);
}

/** The JWKs of the pasted text: PEM blocks, one JWK or a JWK set. */
async function jwksOf(text: string, algorithms: readonly SsoAlgorithm[]): Promise<JWK[]> {
  if (text.startsWith('-----BEGIN')) {
    const blocks = text.match(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g) ?? [];
    if (blocks.length === 0 || blocks.length > MAX_KEYS) throw refuse(PARTNER_MSG.KEYS);
    const out: JWK[] = [];
    for (const pem of blocks) out.push(await pemToJwk(pem, algorithms));
    return out;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse(PARTNER_MSG.KEYS);
  }
  const list = (parsed as { keys?: unknown })?.keys ?? [parsed];
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_KEYS) throw refuse(PARTNER_MSG.KEYS);
  if (!list.every((k) => typeof k === 'object' && k !== null && !Array.isArray(k)))
    throw refuse(PARTNER_MSG.KEYS);
  return list as JWK[];
}

/** The bits of an RSA modulus (the base64url `n`). */
const rsaBits = (n: string | undefined) => Buffer.from(n ?? '', 'base64url').length * 8;

/**
 * Checks the partner keys the master admin pasted and returns them as public JWKs: each must be
 * a public key (a private key or a shared secret is refused, never stored), of a type one of the
 * chosen algorithms signs with, and one jose can import. Nothing is fetched.
 */
export async function parsePartnerKeys(text: string, chosen: readonly SsoAlgorithm[]): Promise<StoredJwk[]> {
  if (/PRIVATE KEY/.test(text)) throw refuse(PARTNER_MSG.PRIVATE_KEY);
  const algorithms = SSO_ALGORITHMS.filter((a) => chosen.includes(a));
  const keys: StoredJwk[] = [];
  for (const jwk of await jwksOf(text.trim(), algorithms)) {
    if (PRIVATE_MEMBERS.some((m) => m in jwk)) throw refuse(PARTNER_MSG.PRIVATE_KEY);
    if (jwk.kty === 'oct' || 'k' in jwk) throw refuse(PARTNER_MSG.SYMMETRIC_KEY);
    if (jwk.use !== undefined && jwk.use !== 'sig') throw refuse(PARTNER_MSG.KEY_ALGORITHM);
    const usable = algorithms.filter((a) => fits(a, jwk) && (jwk.alg === undefined || jwk.alg === a));
    if (usable.length === 0) throw refuse(PARTNER_MSG.KEY_ALGORITHM);
    if (jwk.kty === 'RSA' && rsaBits(jwk.n) < MIN_RSA_BITS) throw refuse(PARTNER_MSG.KEYS);
    try {
      await importJWK(jwk, usable[0]);
    } catch {
      throw refuse(PARTNER_MSG.KEYS);
    }
    const kept: StoredJwk = {};
    for (const m of PUBLIC_MEMBERS) {
      const v = jwk[m];
      if (typeof v === 'string') kept[m] = v;
    }
    keys.push(kept);
  }
  return keys;
}
