import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A random token for links and challenges: 256 bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;

/**
 * A CSP nonce (128 random bits, base64). Taken from a pool of random bytes drawn 256 nonces at a time,
 * as node's randomUUID does: one randomBytes call per page cost about 30 µs here, a tenth of a page.
 */
export function cspNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.toString('base64', nonceAt - NONCE_BYTES, nonceAt);
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** AES-256-GCM for secrets kept at rest (TOTP seeds), with a key derived from the app secret. */
export class SecretBox {
  private readonly key: Buffer;
  private readonly macKey: Buffer;
  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'atrium', 'secret-box-v1', 32));
    this.macKey = Buffer.from(hkdfSync('sha256', appSecret, 'atrium', 'mac-v1', 32));
  }
  /** HMAC-SHA256 of `text` for one purpose, for signed tokens kept nowhere (a key apart from sealing's). */
  mac(purpose: string, text: string): Buffer {
    return createHmac('sha256', this.macKey).update(`${purpose}\u0000${text}`).digest();
  }
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
      '.',
    );
  }
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
