import { SignJWT, jwtVerify } from 'jose';

export type TokenClaims = { userId: number; sessionId: string };

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(secret: string, private readonly ttlHours: number) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Null for anything but a valid, unexpired HS256 token of ours. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
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
