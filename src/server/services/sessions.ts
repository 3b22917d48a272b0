import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../context';
import { statement } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { one } from '../db/rows';
import type { TokenClaims } from '../auth/tokens';

export type SessionMeta = { userAgent?: string; ip?: string };

/** Opens a session row and signs a token naming it. */
export async function openSession(ctx: AppContext, userId: number, meta: SessionMeta = {}): Promise<string> {
  const expiresAt = ctx.signer.expiry();
  const row = one(
    await ctx.db
      .insert(sessions)
      .values({ userId, expiresAt, userAgent: (meta.userAgent ?? '').slice(0, 500), ip: meta.ip ?? '' })
      .returning({ id: sessions.id }),
  );
  return ctx.signer.sign({ userId, sessionId: row.id }, expiresAt);
}

// One statement: check the session and touch last_seen_at at most once a minute. It runs on every
// request, so its text is built once.
const sessionCheck = statement<
  { role: AuthUser['role']; is_superuser: boolean; language: AuthUser['language']; time_zone: string },
  { sessionId: string; userId: number }
>(sql`
    with s as (
      select s.id from ${sessions} s
      where s.id = ${sql.placeholder('sessionId')} and s.user_id = ${sql.placeholder('userId')}
        and s.ended_at is null and s.expires_at > now()
    ), touch as (
      update ${sessions} set last_seen_at = now()
      where id = (select id from s) and last_seen_at < now() - interval '60 seconds'
    )
    select u.role, u.is_superuser, u.language, u.time_zone from ${users} u
    where u.id = ${sql.placeholder('userId')} and exists (select 1 from s) and u.is_active and not u.is_blocked`);

/** The caller of a token and session both checked lately, without waiting; undefined when it takes `resolveSession`. */
export function knownSession(ctx: AppContext, token: string): AuthUser | undefined {
  const claims = ctx.signer.known(token);
  return (claims && ctx.sessions.get(claims.sessionId, claims.userId)) || undefined;
}

/** The caller behind a token, or null when the token, its session or its user is no longer valid. */
export async function resolveSession(ctx: AppContext, token: string): Promise<AuthUser | null> {
  const claims = await ctx.signer.verify(token);
  return claims ? resolveClaims(ctx, claims) : null;
}

/** The caller of a session (named by a token or a stream ticket), or null when it or its user is no longer valid. */
export async function resolveClaims(ctx: AppContext, claims: TokenClaims): Promise<AuthUser | null> {
  const cached = ctx.sessions.get(claims.sessionId, claims.userId);
  if (cached) return cached;
  const epoch = ctx.sessions.mark();
  const rows = await sessionCheck(ctx.db, { sessionId: claims.sessionId, userId: claims.userId });
  const row = rows[0];
  if (!row) return null;
  const user: AuthUser = {
    id: claims.userId,
    role: row.role,
    isSuperuser: row.is_superuser,
    language: row.language,
    timeZone: row.time_zone,
    sessionId: claims.sessionId,
  };
  ctx.sessions.put(user, epoch);
  return user;
}

/**
 * Whether a session and its user may still be used, asked of the database and never of the cache: a
 * long-lived stream checks it when the user's sign-in state changed (the cache may not have heard yet).
 */
export async function sessionStillValid(ctx: AppContext, caller: Pick<AuthUser, 'id' | 'sessionId'>): Promise<boolean> {
  const rows = await sessionCheck(ctx.db, { sessionId: caller.sessionId, userId: caller.id });
  return rows.length > 0;
}

/**
 * After a change to a user's sign-in state (their sessions, block, role, language, time zone, removal)
 * in this process: their checked sessions are dropped here at once. Other processes hear it from
 * the database trigger.
 */
export function authChanged(ctx: AppContext, userId: number): void {
  ctx.sessions.forgetUser(userId);
}

export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  const ended = await ctx.db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .returning({ userId: sessions.userId });
  for (const r of ended) authChanged(ctx, r.userId);
}

/** Ends every open session of a user, but the one named in `except`. */
export async function endUserSessions(ctx: AppContext, userId: number, except?: string): Promise<void> {
  const open = and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, new Date()));
  await ctx.db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(except ? and(open, ne(sessions.id, except)) : open);
  authChanged(ctx, userId);
}
