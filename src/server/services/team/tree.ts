import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { keyedStatement } from '../../db/prepared';
import { assertVisible, visibleUsersWhere, type Viewer } from './visibility';
import { one } from '../../db/rows';

export type TeamNode = {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  status: 'waiting' | 'processing' | 'active' | 'not_active';
  children_count: number;
  descendants_count: number;
  level: number;
};

/**
 * One level of the referral tree: the direct children of `parentId` that the viewer may see, with the
 * counters the trigger keeps (no subtree walk per request: one index lookup on referrer_id). `level`
 * counts from the viewer; a branch a consultant sees only through responsibility counts from its parent.
 */
function childrenSql(viewer: Viewer, parentId: number) {
  return sql`
    with me as (select path from users where id = ${viewer.id}),
         parent as (select path from users where id = ${parentId})
    select u.id, u.first_name, u.last_name, u.avatar, u.lead_status as status,
           u.children_count, u.descendants_count,
           case when u.path <@ me.path then nlevel(u.path) - nlevel(me.path)
                else nlevel(u.path) - nlevel(parent.path) end as level
    from users u, me, parent
    where u.referrer_id = ${parentId} and ${parentId === viewer.id ? sql`true` : visibleUsersWhere(viewer, 'u')}
    order by u.date_joined, u.id
    limit 1000`;
}

// Built once per viewer and parent (every value follows from them), so an unfolded branch opened
// again skips drizzle's building.
const ownChildren = keyedStatement<TeamNode>(2000);
const othersChildren = keyedStatement<{ visible: boolean | null; rows: TeamNode[] }>(2000);

export async function myChildren(ctx: AppContext, viewer: Viewer): Promise<TeamNode[]> {
  return ownChildren(ctx.db, `${viewer.role}:${viewer.id}`, () => childrenSql(viewer, viewer.id));
}

/** Another user's children: whether the viewer may see that user (404/403) and the children, in one statement. */
export async function childrenOfUser(ctx: AppContext, viewer: Viewer, pk: number): Promise<TeamNode[]> {
  if (pk === viewer.id) return myChildren(ctx, viewer);
  const row = one(
    await othersChildren(
      ctx.db,
      `${viewer.role}:${viewer.id}:${pk}`,
      () => sql`
    select (select coalesce(${visibleUsersWhere(viewer, 'v')}, false) from users v where v.id = ${pk}) as visible,
      coalesce((select json_agg(c) from (${childrenSql(viewer, pk)}) c), '[]') as rows`,
    ),
  );
  assertVisible(row.visible);
  return row.rows;
}
