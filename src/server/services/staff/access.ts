import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { FieldErrors, notFound, permissionDenied } from '../../errors';
import { inReachOf } from './reach';
import { answersRequests } from '../tickets/answerers';

export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type Caller = Pick<AuthUser, 'id' | 'role' | 'isSuperuser'>;
/** A users row, as services/users.ts names it (written from the table here: users.ts imports this area). */
export type UserRow = typeof users.$inferSelect;

export const isAdmin = (c: Caller) => c.role === 'admin';

/**
 * The target user, locked for the rest of the transaction (unless `lock: false`); 404 when missing, 403 when out of the
 * caller's reach. Nobody acts on themselves here, and only admins act on admins (never on themselves).
 */
export async function reachableUser(
  tx: Tx,
  caller: Caller,
  userId: number,
  opts: { allowSelf?: boolean; lock?: boolean } = {},
): Promise<UserRow> {
  const query = tx
    .select({ u: users, reach: sql<boolean>`${inReachOf(caller.id)}` })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = opts.lock === false ? await query : await query.for('update');
  if (!row) throw notFound();
  if (row.u.id === caller.id) {
    if (opts.allowSelf) return row.u;
    throw permissionDenied();
  }
  if (isAdmin(caller)) {
    if (row.u.role === 'admin' && !opts.allowSelf) throw permissionDenied();
    return row.u;
  }
  if (row.u.role === 'admin' || !row.reach) throw permissionDenied();
  return row.u;
}

/**
 * A consultant (or admin) the caller may hand work to or set as responsible: admins anyone who can
 * answer people's requests (answersRequests: active, unblocked staff); consultants themselves or a
 * consultant of their structure. 400 under `field` when the id is no such employee, 403 when it is
 * out of reach.
 */
export async function staffTarget(
  tx: Tx,
  caller: Caller,
  consultantId: number | undefined,
  field: string,
): Promise<UserRow> {
  if (!consultantId) throw FieldErrors.of(field, 'select_consultant');
  const [row] = await tx
    .select({
      u: users,
      reach: sql<boolean>`${inReachOf(caller.id)}`,
      answers: sql<boolean>`${answersRequests('users')}`,
    })
    .from(users)
    .where(eq(users.id, consultantId));
  if (!row?.answers) throw FieldErrors.of(field, 'select_consultant');
  if (isAdmin(caller) || row.u.id === caller.id) return row.u;
  if (row.u.role === 'admin' || !row.reach) throw permissionDenied();
  return row.u;
}
