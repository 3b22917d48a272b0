import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { ApiError, notFound, permissionDenied } from '../../http/errors';

type Exec = Pick<Db, 'execute'>;

/**
 * Who may see whom in the staff workspace (until the team area's visibility predicate lands, this is
 * the one place that decides): admins see everybody; a consultant sees the users they are responsible
 * for and the users below them in the referral tree.
 */
export function visibleUsers(viewer: Pick<AuthUser, 'id' | 'role'>, userIdCol: SQL): SQL {
  if (viewer.role === 'admin') return sql`true`;
  return sql`(${userIdCol} in (select id from users where responsible_id = ${viewer.id})
    or ${userIdCol} in (
      with recursive below(id) as (
        select id from users where referrer_id = ${viewer.id}
        union select u.id from users u join below b on u.referrer_id = b.id
      ) select id from below))`;
}

/** One user: walks up from them (at most the tree's depth), cheaper than listing the viewer's structure. */
export async function canSeeUser(db: Exec, viewer: Pick<AuthUser, 'id' | 'role'>, userId: number): Promise<boolean> {
  if (viewer.role === 'admin') return true;
  const res = await db.execute<{ ok: boolean }>(sql`
    with recursive up(id, referrer_id, responsible_id, depth) as (
      select id, referrer_id, responsible_id, 0 from users where id = ${userId}
      union all select u.id, u.referrer_id, u.responsible_id, up.depth + 1
        from users u join up on u.id = up.referrer_id where up.depth < 64
    )
    select exists (
      select 1 from up where (depth = 0 and responsible_id = ${viewer.id}) or (depth > 0 and id = ${viewer.id})
    ) as ok`);
  return Boolean(res.rows[0]?.ok);
}

export type Scope = {
  /** The employee whose data is shown or changed (the caller unless viewing as someone). */
  ownerId: number;
  ownerRole: 'consultant' | 'admin';
  ownerTimeZone: string;
  /** Set when the caller works in another employee's view; goes into the action history. */
  viewAsId: number | null;
};

/**
 * View-as: an admin may open any employee's workspace, a consultant the consultants of their structure.
 * 404 when the user is not an employee, 403 when the caller may not view them.
 */
export async function scopeOf(ctx: AppContext, caller: AuthUser, userId?: number | null): Promise<Scope> {
  const target = userId ?? caller.id;
  const res = await ctx.db.execute<{ role: string; time_zone: string }>(
    sql`select role, time_zone from users where id = ${target}`,
  );
  const row = res.rows[0];
  if (!row) throw notFound();
  if (target === caller.id) {
    return { ownerId: caller.id, ownerRole: caller.role === 'admin' ? 'admin' : 'consultant', ownerTimeZone: row.time_zone, viewAsId: null };
  }
  if (row.role !== 'consultant' && row.role !== 'admin') throw notFound();
  if (caller.role !== 'admin' && (row.role === 'admin' || !(await canSeeUser(ctx.db, caller, target)))) throw permissionDenied();
  return { ownerId: target, ownerRole: row.role, ownerTimeZone: row.time_zone, viewAsId: target };
}

export const conflict = (key: 'ticket_taken' | 'user_taken') => new ApiError(409, key, key);
