import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random URL-safe token for sessions and one-time links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: enough for high-entropy random values, fast to look up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// argon2id, m = 19456 KiB, t = 2, p = 1 (the OWASP minimum ARCHITECTURE.md asks for).
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** AES-256-GCM for secrets at rest (SMTP passwords, SSNs); key derived from the app secret. */
export class SecretBox {
  private readonly key: Buffer;
  private readonly signKey: Buffer;
  constructor(appSecret: string) {
    this.key = createHash('sha256').update(`secret-box:${appSecret}`).digest();
    this.signKey = createHash('sha256').update(`sign:${appSecret}`).digest();
  }
  /**
   * HMAC-SHA256 of `purpose` and `value` with a key derived from the app secret (base64url): a
   * link that must not be guessable from what it names (the one-click unsubscribe of a mail).
   */
  sign(purpose: string, value: string): string {
    return createHmac('sha256', this.signKey).update(`${purpose}\n${value}`).digest('base64url');
  }
  /** Whether `signature` is sign(purpose, value), compared in constant time. */
  verifySigned(purpose: string, value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, value));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  /** Random bytes drawn ahead for the IVs: one call to the system's generator per 256 seals
   * (a batch of 100,000 reminder mails spent 0.9 s in randomBytes(12)). */
  private ivPool = Buffer.alloc(0);
  private ivAt = 0;
  private nextIv(): Buffer {
    if (this.ivAt + 12 > this.ivPool.length) {
      this.ivPool = randomBytes(12 * 256);
      this.ivAt = 0;
    }
    this.ivAt += 12;
    return this.ivPool.subarray(this.ivAt - 12, this.ivAt);
  }
  seal(plain: string): string {
    const iv = this.nextIv();
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      body.toString('base64'),
    ].join(':');
  }
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
