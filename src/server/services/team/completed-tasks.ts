import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { briefJson } from '../leads/brief';
import { pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { assertVisibleUser, type Viewer } from './visibility';

type Row = {
  id: number;
  type: 'meet' | 'call' | 'message';
  description: string;
  result: string | null;
  start_time: Date;
  end_time: Date | null;
  completed_at: Date;
  consultant: unknown;
};

/** The completed tasks (by any consultant) about a user the viewer may see, newest first. */
export async function listContactCompletedTasks(ctx: AppContext, viewer: Viewer, userId: number, q: PageQuery) {
  await assertVisibleUser(ctx.db, viewer, userId);
  const win = pageWindow(q);
  const where = sql`t.linked_user_id = ${userId} and t.status = 'completed'`;
  const [rows, counted] = await Promise.all([
    ctx.db.execute<Row>(sql`
      select t.id::int as id, t.type, t.description, t.result, t.start_at as start_time, t.end_at as end_time,
        coalesce(t.completed_at, t.updated_at) as completed_at, ${briefJson('o')} as consultant
      from tasks t left join users o on o.id = t.owner_id
      where ${where}
      order by coalesce(t.completed_at, t.updated_at) desc, t.id desc
      ${pageSql(win)}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from tasks t where ${where}`),
  ]);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  const results = rows.rows.map((r) => ({
    ...r,
    result: r.result ?? '',
    start_time: iso(r.start_time),
    end_time: iso(r.end_time),
    completed_at: iso(r.completed_at),
  }));
  const n = counted.rows[0]?.n ?? 0;
  return pageOf(results as never[], n, n, win, q);
}
