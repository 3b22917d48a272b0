import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type Role } from '../../db/schema';
import { notFound, permissionDenied } from '../../errors';
import { PLAN_PER_CALL } from '../../db/named-statements';

/** Who is looking: the signed-in user (AuthUser fits), or the employee of a view-as. */
export type Viewer = { id: number; role: Role };

/** The users table, a drizzle `alias(users, 'x')` of it, or the alias name used in raw SQL (`'u'`). */
export type UsersRef = Pick<typeof users, 'id' | 'path' | 'responsibleId'> | string;

function columnsOf(u: UsersRef) {
  if (typeof u !== 'string') return { id: sql`${u.id}`, path: sql`${u.path}`, responsibleId: sql`${u.responsibleId}` };
  const a = sql.identifier(u);
  return { id: sql`${a}.id`, path: sql`${a}.path`, responsibleId: sql`${a}.responsible_id` };
}

/**
 * THE rule of which users a viewer may see, as one SQL predicate over a row of `users` (reuse it;
 * do not restate it):
 *   - admin: every other user;
 *   - consultant: users they are responsible for (users.responsible_id = viewer) and users in their
 *     structure (below them in the referral tree);
 *   - member: users in their structure.
 * The viewer is never in their own visible set (combine with `u.id = viewer.id` where self counts).
 * "In the structure" is `u.path <@ viewer.path` on the ltree column kept by the database trigger
 * (migration 0006), so it is served by the GiST index users_path_gist_idx, and the responsible part
 * by users_responsible_idx.
 *
 * `u` is the users table or an alias of it, e.g.
 *   const subject = alias(users, 'subject');
 *   db.select().from(tasks).innerJoin(subject, and(eq(subject.id, tasks.linkedUserId), visibleUsersWhere(viewer, subject)))
 * or in raw SQL: sql`select … from users u where ${visibleUsersWhere(viewer, 'u')}`.
 * `viewerPath` (users.path of the viewer, when the caller has it) only changes the plan, not the rows.
 */
export function visibleUsersWhere(viewer: Viewer, ref: UsersRef = users, viewerPath?: string): SQL {
  return visibleUsers(viewer, ref, viewerPath === undefined ? 'subquery' : { path: viewerPath });
}

/**
 * The same rule as visibleUsersWhere, written so that no index serves it: a check on rows that
 * something more selective has found (a search's rare trigrams), in a statement planned once for
 * every viewer (a root's 100,000 users and a leaf's none alike). `viewerPath`: an expression of the
 * viewer's users.path the statement already has (a CTE's), instead of reading the viewer's row again;
 * the viewer's id may be a placeholder (a statement built once).
 */
export function visibleUsersFilter(viewer: { id: unknown; role: Role }, ref: UsersRef = users, viewerPath?: SQL): SQL {
  return visibleUsers(viewer, ref, { filter: viewerPath });
}

function visibleUsers(
  viewer: { id: unknown; role: Role },
  ref: UsersRef,
  form: 'subquery' | { filter: SQL | undefined } | { path: string },
): SQL {
  const u = columnsOf(ref);
  if (viewer.role === 'admin') return sql`${u.id} <> ${viewer.id}`;
  // A known path goes in as a value: the planner then estimates the subtree's size from the column's
  // statistics (a root's structure is most of the table) instead of guessing from a subquery.
  // Such a statement is planned per call (PLAN_PER_CALL): a generic plan could not tell a root from a leaf.
  const byId = sql`(select tv.path from users tv where tv.id = ${viewer.id})`;
  const path =
    form === 'subquery'
      ? byId
      : 'path' in form
        ? sql`${sql.raw(PLAN_PER_CALL)} ${form.path}::ltree`
        : (form.filter ?? byId);
  // ltree_risparent(a, b) is `a <@ b` as a function call, which the planner never hands to an index.
  const under =
    typeof form === 'object' && 'filter' in form ? sql`ltree_risparent(${u.path}, ${path})` : sql`${u.path} <@ ${path}`;
  const inStructure = sql`(${under} and ${u.id} <> ${viewer.id})`;
  if (viewer.role === 'consultant') return sql`(${u.responsibleId} = ${viewer.id} or ${inStructure})`;
  return inStructure;
}

/** Whether the user exists and whether the viewer may see them. */
export async function visibilityOf(
  db: Pick<Db, 'select'>,
  viewer: Viewer,
  userId: number,
): Promise<'visible' | 'hidden' | 'missing'> {
  const [row] = await db
    .select({ visible: sql<boolean>`${visibleUsersWhere(viewer)}` })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return 'missing';
  return row.visible ? 'visible' : 'hidden';
}

/** The contract's two answers for a user the viewer may not see: 404 when unknown (null), 403 when hidden. */
export function assertVisible(visible: boolean | null): void {
  if (visible === null) throw notFound();
  if (!visible) throw permissionDenied();
}

/** Throws 404 for an unknown user and 403 for one the viewer may not see (the contract's two answers). */
export async function assertVisibleUser(db: Pick<Db, 'select'>, viewer: Viewer, userId: number): Promise<void> {
  const v = await visibilityOf(db, viewer, userId);
  assertVisible(v === 'missing' ? null : v === 'visible');
}
