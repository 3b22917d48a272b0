import type { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenClaims = { userId: number; sessionId: string };

/** Tokens verified lately: a client sends the same one with every call, so its signature is checked once. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  /** The HMAC key imported once; a raw secret would be imported on every verification. */
  private readonly cryptoKey: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, TokenClaims & { expiresAtMs: number }>();
  constructor(
    secret: string,
    private readonly ttlHours: number,
  ) {
    this.cryptoKey = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.cryptoKey);
  }

  /** The claims of a token verified lately and not expired, without waiting; undefined otherwise. */
  known(token: string): TokenClaims | undefined {
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
    return undefined;
  }

  /** Null for anything but a valid, unexpired HS256 token of ours. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.known(token);
    if (known) return known;
    // Verified once and expired since.
    if (this.verified.delete(token)) return null;
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      const oldest = this.verified.size >= VERIFIED_CACHE_SIZE ? this.verified.keys().next() : undefined;
      if (oldest && !oldest.done) this.verified.delete(oldest.value);
      this.verified.set(token, { userId, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 });
      return { userId, sessionId: payload.sid };
    } catch {
      return null;
    }
  }

  expiry(from = new Date()): Date {
    return new Date(from.getTime() + this.ttlHours * 3600_000);
  }
}

/** Reads `Authorization: JWT <token>` (or `Bearer <token>`). */
export function tokenFromHeader(header: string | undefined): string | null {
  const m = /^(?:JWT|Bearer)\s+(\S+)$/i.exec(header ?? '');
  return m?.[1] ?? null;
}
