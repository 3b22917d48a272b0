import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import type { TaskStatus, TaskType } from '../../db/schema';
import { clock } from '../../clock';
import { shapedStatement } from '../../db/prepared';
import { briefJson, iso, isoSql, likeOf, type Brief } from '../leads/brief';
import { scopeOf, visibleUsers } from '../leads/scope';
import { pageJson, pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { one, present } from '../../db/rows';

type TaskTab = 'today' | 'future' | 'completed' | 'canceled';

/** Instants come as ISO text (isoSql). */
type TaskRow = {
  id: number | string;
  type: TaskType;
  status: TaskStatus;
  start_at: string;
  end_at: string | null;
  description: string;
  result: string | null;
  completed_at: string | null;
  canceled_at: string | null;
  created_at: string;
  updated_at: string;
  linked_user: Brief | null;
  owner: Brief;
};

/** The select list every task answer is built from (tasks as t, users lu and ow). */
const TASK_COLUMNS = sql`t.id, t.type, t.status, ${isoSql('t.start_at')} as start_at, ${isoSql('t.end_at')} as end_at, t.description,
  t.result, ${isoSql('t.completed_at')} as completed_at, ${isoSql('t.canceled_at')} as canceled_at, ${isoSql('t.created_at')} as created_at,
  ${isoSql('t.updated_at')} as updated_at, ${briefJson('lu')} as linked_user, ${briefJson('ow')} as owner`;
const TASK_FROM = sql`tasks t join users ow on ow.id = t.owner_id left join users lu on lu.id = t.linked_user_id`;

/**
 * A planned task is overdue once its start minute has passed: one started "now" at 10:41:37 is on
 * time until 10:42:00 (the SQL list says the same with date_trunc).
 */
const overdue = (start: Date, now: Date) => Math.floor(start.getTime() / 60_000) * 60_000 + 60_000 <= now.getTime();

export function taskView(r: TaskRow, now = clock.now()) {
  return {
    id: Number(r.id),
    type: r.type,
    status: r.status,
    start_at: iso(r.start_at),
    end_at: iso(r.end_at),
    description: r.description,
    result: r.result,
    linked_user: r.linked_user,
    owner: r.owner,
    is_overdue: r.status === 'planned' && overdue(new Date(r.start_at), now),
    completed_at: iso(r.completed_at),
    canceled_at: iso(r.canceled_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export async function loadTask(db: AppContext['db'], id: number) {
  const res = await db.execute<TaskRow & { owner_id: number }>(
    sql`select ${TASK_COLUMNS}, t.owner_id from ${TASK_FROM} where t.id = ${id}`,
  );
  return res.rows[0];
}

/** `tomorrow`: the first instant of tomorrow in the owner's time zone, by the app clock. */
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

const ORDER: Partial<Record<string, SQL>> = {
  start_at: sql`t.start_at asc, t.id asc`,
  '-start_at': sql`t.start_at desc, t.id desc`,
  created_at: sql`t.created_at asc, t.id asc`,
  '-created_at': sql`t.created_at desc, t.id desc`,
  completed_at: sql`t.completed_at asc nulls last, t.id asc`,
  '-completed_at': sql`t.completed_at desc nulls last, t.id desc`,
  canceled_at: sql`t.canceled_at asc nulls last, t.id asc`,
  '-canceled_at': sql`t.canceled_at desc nulls last, t.id desc`,
};
const DEFAULT_ORDER: Record<TaskTab, string> = {
  today: 'start_at',
  future: 'start_at',
  completed: '-completed_at',
  canceled: '-canceled_at',
};

const tabCount = (base: SQL, tab: SQL) => sql`(select count(*) from tasks t where ${base} and ${tab})::int`;

export type TaskListQuery = PageQuery & {
  search?: string;
  ordering?: string;
  tab?: TaskTab;
  type?: TaskType;
  user_id?: number;
};
export type TaskListFilter = { linked_user_id?: number; date_from?: string; date_to?: string };

type ListShape = {
  tab: TaskTab;
  type: boolean;
  linked: boolean;
  from: boolean;
  to: boolean;
  search: boolean;
  order: string;
  limit: number;
  offset: number;
};
type ListValues = {
  ownerId: number;
  type: TaskType | null;
  linked: number | null;
  from: string | null;
  to: string | null;
  tz: string;
  now: string;
  like: string | null;
};

/**
 * The page (as JSON), its count and one index range count per tab (owner_id, status, start_at), in
 * one statement built once per shape; the owner comes first in every filter so that index serves it.
 */
const listStatement = shapedStatement<Record<TaskTab, number> & { rows: string; count: number }, ListShape, ListValues>(
  (shape) => {
    const tz = sql.placeholder('tz');
    const tomorrow = sql`((date_trunc('day', ${sql.placeholder('now')}::timestamptz at time zone ${tz}) + interval '1 day') at time zone ${tz})`;
    const base: SQL[] = [sql`t.owner_id = ${sql.placeholder('ownerId')}`];
    if (shape.type) base.push(sql`t.type = ${sql.placeholder('type')}`);
    if (shape.linked) base.push(sql`t.linked_user_id = ${sql.placeholder('linked')}`);
    if (shape.from) base.push(sql`t.start_at >= (${sql.placeholder('from')}::date::timestamp at time zone ${tz})`);
    if (shape.to) base.push(sql`t.start_at < ((${sql.placeholder('to')}::date + 1)::timestamp at time zone ${tz})`);
    const baseWhere = sql.join(base, sql` and `);
    const filtered = [baseWhere, tabWhere(shape.tab, tomorrow)];
    if (shape.search) {
      const like = sql.placeholder('like');
      filtered.push(
        sql`(t.description ilike ${like} or (lu.first_name || ' ' || lu.last_name || ' ' || coalesce(lu.email, '') || ' ' || coalesce(lu.phone, '')) ilike ${like})`,
      );
    }
    const where = sql.join(filtered, sql` and `);
    // The page as the answer's JSON text (taskView's fields), so it is neither parsed nor serialized again.
    const rows = sql`coalesce((select json_agg(r) from (
    select ${TASK_COLUMNS}, (t.status = 'planned' and date_trunc('minute', t.start_at) + interval '1 minute' <= ${sql.placeholder('now')}::timestamptz) as is_overdue
    from ${TASK_FROM} where ${where} order by ${present(ORDER[shape.order], 'the ordering')} ${pageSql(shape)}) r), '[]')::text as rows`;
    const count = shape.search
      ? sql`(select count(*)::int from tasks t left join users lu on lu.id = t.linked_user_id where ${where})`
      : sql.identifier(shape.tab);
    if (shape.type || shape.linked || shape.from || shape.to) {
      return sql`select ${rows}, ${count} as count, * from (select
      ${tabCount(baseWhere, tabWhere('today', tomorrow))} as today,
      ${tabCount(baseWhere, tabWhere('future', tomorrow))} as future,
      ${tabCount(baseWhere, tabWhere('completed', tomorrow))} as completed,
      ${tabCount(baseWhere, tabWhere('canceled', tomorrow))} as canceled) k`;
    }
    // All of the owner's tasks: the counts kept per status (migration 0025); only today's range is walked.
    const kept = (status: TaskStatus) =>
      sql`coalesce((select n from task_counts where owner_id = ${sql.placeholder('ownerId')} and status = ${sql.raw(`'${status}'`)}), 0)`;
    return sql`select ${rows}, ${count} as count, * from (select today, ${kept('planned')} - today as future,
      ${kept('completed')} as completed, ${kept('canceled')} as canceled
    from (select ${tabCount(baseWhere, tabWhere('today', tomorrow))} as today) d) k`;
  },
);

/** One tab of the owner's tasks, with the count of every tab, as the answer's JSON text. */
export async function listTasks(
  ctx: AppContext,
  caller: AuthUser,
  q: TaskListQuery,
  body: TaskListFilter = {},
): Promise<string> {
  const scope = await scopeOf(ctx, caller, q.user_id);
  const now = clock.now();
  const tab = q.tab ?? 'today';
  const win = pageWindow(q);
  const search = q.search?.trim();
  const shape: ListShape = {
    tab,
    type: Boolean(q.type),
    linked: Boolean(body.linked_user_id),
    from: Boolean(body.date_from),
    to: Boolean(body.date_to),
    search: Boolean(search),
    order: q.ordering && ORDER[q.ordering] ? q.ordering : DEFAULT_ORDER[tab],
    limit: win.limit,
    offset: win.offset,
  };
  const info = one(
    await listStatement(ctx.db, shape, {
      ownerId: scope.ownerId,
      type: q.type ?? null,
      linked: body.linked_user_id ?? null,
      from: body.date_from ?? null,
      to: body.date_to ?? null,
      tz: scope.ownerTimeZone,
      now: now.toISOString(),
      like: search ? likeOf(search) : null,
    }),
  );
  const tabCounts = { today: info.today, future: info.future, completed: info.completed, canceled: info.canceled };
  const page = pageOf(
    [],
    info.count,
    tabCounts.today + tabCounts.future + tabCounts.completed + tabCounts.canceled,
    win,
    { ...q, tab },
  );
  return pageJson(page, info.rows, { tab_counts: tabCounts });
}

/** Users a task of this employee may be linked to: the ones they look after, best name matches first. */
export async function listUsersToLink(
  ctx: AppContext,
  caller: AuthUser,
  q: { search?: string; limit?: number; user_id?: number },
) {
  const scope = await scopeOf(ctx, caller, q.user_id);
  const owner = { id: scope.ownerId, role: scope.ownerRole };
  const filters: SQL[] = [visibleUsers(owner, sql`u.id`), sql`u.id <> ${scope.ownerId}`];
  if (q.search?.trim()) {
    filters.push(
      sql`(u.first_name || ' ' || u.last_name || ' ' || coalesce(u.email::text, '') || ' ' || coalesce(u.phone, '')) ilike ${likeOf(q.search)}`,
    );
  }
  const res = await ctx.db.execute<Brief>(sql`
    select u.id, u.first_name, u.last_name, u.email, u.phone, u.avatar from users u
    where ${sql.join(filters, sql` and `)}
    order by u.last_name, u.first_name, u.id limit ${q.limit ?? 20}`);
  return res.rows;
}
