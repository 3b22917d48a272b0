import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { DomainError, notFound, permissionDenied } from '../../errors';
import { visibleUsersWhere } from '../team/visibility';

type Exec = Pick<Db, 'execute'>;

/**
 * Who may see whom in the staff workspace: the team area's one rule (`visibleUsersWhere`, an ltree
 * path test served by its GiST index) applied to a user id column.
 */
export function visibleUsers(viewer: Pick<AuthUser, 'id' | 'role'>, userIdCol: SQL): SQL {
  if (viewer.role === 'admin') return sql`true`;
  return sql`exists (select 1 from users vu where vu.id = ${userIdCol} and ${visibleUsersWhere(viewer, 'vu')})`;
}

/** One user, by the same rule. */
export async function canSeeUser(db: Exec, viewer: Pick<AuthUser, 'id' | 'role'>, userId: number): Promise<boolean> {
  // An admin sees every user, but only a user that exists (visibleUsers is `true` for them).
  const seen =
    viewer.role === 'admin'
      ? sql`exists (select 1 from users where id = ${userId}::int)`
      : visibleUsers(viewer, sql`${userId}::int`);
  const res = await db.execute<{ ok: boolean }>(sql`select ${seen} as ok`);
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
  if (target === caller.id) {
    return {
      ownerId: caller.id,
      ownerRole: caller.role === 'admin' ? 'admin' : 'consultant',
      ownerTimeZone: caller.timeZone,
      viewAsId: null,
    };
  }
  const res = await ctx.db.execute<{ role: string; time_zone: string }>(
    sql`select role, time_zone from users where id = ${target}`,
  );
  const row = res.rows[0];
  if (!row) throw notFound();
  if (row.role !== 'consultant' && row.role !== 'admin') throw notFound();
  if (caller.role !== 'admin' && (row.role === 'admin' || !(await canSeeUser(ctx.db, caller, target))))
    throw permissionDenied();
  return { ownerId: target, ownerRole: row.role, ownerTimeZone: row.time_zone, viewAsId: target };
}

export const conflict = (key: 'ticket_taken' | 'user_taken') => new DomainError('conflict', key, key);
