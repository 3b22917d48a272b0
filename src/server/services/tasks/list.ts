import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import type { TaskStatus, TaskType } from '../../db/schema';
import { clock } from '../../clock';
import { prepared } from '../../db/prepared';
import { briefJson, iso, likeOf, type Brief } from '../leads/brief';
import { scopeOf, visibleUsers } from '../leads/scope';
import { pageOf, pageWindow, type PageQuery } from '../paging';

export type TaskTab = 'today' | 'future' | 'completed' | 'canceled';

type TaskRow = {
  id: number | string;
  type: TaskType;
  status: TaskStatus;
  start_at: Date;
  end_at: Date | null;
  description: string;
  result: string | null;
  completed_at: Date | null;
  canceled_at: Date | null;
  created_at: Date;
  updated_at: Date;
  linked_user: Brief | null;
  owner: Brief;
};

/** The select list every task answer is built from (tasks as t, users lu and ow). */
export const TASK_COLUMNS = sql`t.id, t.type, t.status, t.start_at, t.end_at, t.description, t.result, t.completed_at,
  t.canceled_at, t.created_at, t.updated_at, ${briefJson('lu')} as linked_user, ${briefJson('ow')} as owner`;
export const TASK_FROM = sql`tasks t join users ow on ow.id = t.owner_id left join users lu on lu.id = t.linked_user_id`;

export function taskView(r: TaskRow, now = clock.now()) {
  return {
    id: Number(r.id),
    type: r.type,
    status: r.status,
    start_at: iso(r.start_at)!,
    end_at: iso(r.end_at),
    description: r.description,
    result: r.result,
    linked_user: r.linked_user,
    owner: r.owner,
    is_overdue: r.status === 'planned' && new Date(r.start_at) < now,
    completed_at: iso(r.completed_at),
    canceled_at: iso(r.canceled_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export async function loadTask(db: AppContext['db'], id: number) {
  const res = await db.execute<TaskRow & { owner_id: number }>(sql`select ${TASK_COLUMNS}, t.owner_id from ${TASK_FROM} where t.id = ${id}`);
  return res.rows[0];
}

/** The first instant of tomorrow in the owner's time zone, by the app clock. */
const tomorrowSql = (now: Date, tz: string) =>
  sql`((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz}) + interval '1 day') at time zone ${tz})`;

function tabWhere(tab: TaskTab, tomorrow: SQL): SQL {
  switch (tab) {
    case 'today':
      return sql`t.status = 'planned' and t.start_at < ${tomorrow}`;
    case 'future':
      return sql`t.status = 'planned' and t.start_at >= ${tomorrow}`;
    case 'completed':
      return sql`t.status = 'completed'`;
    case 'canceled':
      return sql`t.status = 'canceled'`;
  }
}

const ORDER: Record<string, SQL> = {
  start_at: sql`t.start_at asc, t.id asc`,
  '-start_at': sql`t.start_at desc, t.id desc`,
  created_at: sql`t.created_at asc, t.id asc`,
  '-created_at': sql`t.created_at desc, t.id desc`,
  completed_at: sql`t.completed_at asc nulls last, t.id asc`,
  '-completed_at': sql`t.completed_at desc nulls last, t.id desc`,
  canceled_at: sql`t.canceled_at asc nulls last, t.id asc`,
  '-canceled_at': sql`t.canceled_at desc nulls last, t.id desc`,
};
const DEFAULT_ORDER: Record<TaskTab, string> = { today: 'start_at', future: 'start_at', completed: '-completed_at', canceled: '-canceled_at' };

const tabCount = (base: SQL, tab: SQL) => sql`(select count(*) from tasks t where ${base} and ${tab})::int`;

export type TaskListQuery = PageQuery & { search?: string; ordering?: string; tab?: TaskTab; type?: TaskType; user_id?: number };
export type TaskListFilter = { linked_user_id?: number; date_from?: string; date_to?: string };

/** One tab of the owner's tasks; the owner first in every filter so (owner_id, status, start_at) serves it. */
export async function listTasks(ctx: AppContext, caller: AuthUser, q: TaskListQuery, body: TaskListFilter = {}) {
  const scope = await scopeOf(ctx, caller, q.user_id);
  const tz = scope.ownerTimeZone;
  const now = clock.now();
  const tomorrow = tomorrowSql(now, tz);
  const tab = q.tab ?? 'today';
  const win = pageWindow(q);

  const base: SQL[] = [sql`t.owner_id = ${scope.ownerId}`];
  if (q.type) base.push(sql`t.type = ${q.type}`);
  if (body.linked_user_id) base.push(sql`t.linked_user_id = ${body.linked_user_id}`);
  if (body.date_from) base.push(sql`t.start_at >= (${body.date_from}::date::timestamp at time zone ${tz})`);
  if (body.date_to) base.push(sql`t.start_at < ((${body.date_to}::date + 1)::timestamp at time zone ${tz})`);
  const baseWhere = sql.join(base, sql` and `);

  const filtered = [baseWhere, tabWhere(tab, tomorrow)];
  if (q.search?.trim()) {
    const like = likeOf(q.search);
    filtered.push(sql`(t.description ilike ${like} or (lu.first_name || ' ' || lu.last_name || ' ' || coalesce(lu.email, '') || ' ' || coalesce(lu.phone, '')) ilike ${like})`);
  }
  const where = sql.join(filtered, sql` and `);
  const order = ORDER[q.ordering ?? DEFAULT_ORDER[tab]] ?? ORDER[DEFAULT_ORDER[tab]]!;

  // One statement: the page (as JSON), its count and one index range count per tab (owner_id, status, start_at).
  const [info] = await prepared<Record<TaskTab, number> & { rows: TaskRow[]; count: number }>(ctx.db, sql`
    select coalesce((select json_agg(r) from (
        select ${TASK_COLUMNS} from ${TASK_FROM} where ${where} order by ${order} limit ${win.limit} offset ${win.offset}) r), '[]') as rows,
      (select count(*)::int from ${q.search?.trim() ? sql`tasks t left join users lu on lu.id = t.linked_user_id` : sql`tasks t`} where ${where}) as count,
      ${tabCount(baseWhere, sql`t.status = 'planned' and t.start_at < ${tomorrow}`)} as today,
      ${tabCount(baseWhere, sql`t.status = 'planned' and t.start_at >= ${tomorrow}`)} as future,
      ${tabCount(baseWhere, sql`t.status = 'completed'`)} as completed,
      ${tabCount(baseWhere, sql`t.status = 'canceled'`)} as canceled`);
  const tabCounts = { today: info!.today, future: info!.future, completed: info!.completed, canceled: info!.canceled };
  const page = pageOf(
    info!.rows.map((r) => taskView(r, now)),
    info!.count,
    tabCounts.today + tabCounts.future + tabCounts.completed + tabCounts.canceled,
    win,
    { ...q, tab },
  );
  return { ...page, tab_counts: tabCounts };
}

/** Users a task of this employee may be linked to: the ones they look after, best name matches first. */
export async function listUsersToLink(ctx: AppContext, caller: AuthUser, q: { search?: string; limit?: number; user_id?: number }) {
  const scope = await scopeOf(ctx, caller, q.user_id);
  const owner = { id: scope.ownerId, role: scope.ownerRole };
  const filters: SQL[] = [visibleUsers(owner, sql`u.id`), sql`u.id <> ${scope.ownerId}`];
  if (q.search?.trim()) {
    filters.push(sql`(u.first_name || ' ' || u.last_name || ' ' || coalesce(u.email::text, '') || ' ' || coalesce(u.phone, '')) ilike ${likeOf(q.search)}`);
  }
  const res = await ctx.db.execute<Brief>(sql`
    select u.id, u.first_name, u.last_name, u.email, u.phone, u.avatar from users u
    where ${sql.join(filters, sql` and `)}
    order by u.last_name, u.first_name, u.id limit ${q.limit ?? 20}`);
  return res.rows;
}
