import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { clock } from '../clock';
import { randomToken, sha256 } from '../crypto';
import { oneTimeTokens, type TokenPurpose } from '../db/schema';
import type { Db } from '../db/client';

type Tx = Pick<Db, 'insert' | 'update' | 'select' | 'execute'>;

export type TokenRow = typeof oneTimeTokens.$inferSelect;

/**
 * Issues a single-use token; only its hash is stored. Earlier open tokens of the same kind stop
 * working, unless `keepOthers` (undo links: a later change must not void the way back from an earlier one).
 */
export async function issueToken(
  db: Tx,
  purpose: TokenPurpose,
  userId: number,
  ttlMs: number,
  data: Record<string, unknown> = {},
  opts: { keepOthers?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + ttlMs);
  if (!opts.keepOthers) {
    await db
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  }
  await db.insert(oneTimeTokens).values({ purpose, userId, tokenHash: sha256(token), expiresAt, data });
  return { token, expiresAt };
}

/** The open, unexpired token row, without using it up. */
export async function peekToken(ctx: AppContext, purpose: TokenPurpose, token: string): Promise<TokenRow | null> {
  const [row] = await ctx.db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, clock.now()),
      ),
    );
  return row ?? null;
}

/** Uses the token up in one statement, so two concurrent uses cannot both succeed. */
export async function consumeToken(db: Tx, purpose: TokenPurpose, token: string): Promise<TokenRow | null> {
  const now = clock.now();
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Counts a wrong code against a challenge; returns the attempts so far. */
export async function countAttempt(ctx: AppContext, id: number): Promise<number> {
  const [row] = await ctx.db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(eq(oneTimeTokens.id, id))
    .returning({ attempts: oneTimeTokens.attempts });
  return row?.attempts ?? 0;
}
