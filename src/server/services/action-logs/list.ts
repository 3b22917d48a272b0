import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { actionLogs, users } from '../../db/schema';
import { permissionDenied } from '../../http/errors';
import { catalogues, t, type Lang, type MessageKey } from '../../i18n';
import { pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { shapedStatement } from '../../db/prepared';
import { briefJson, isoSql, type Brief } from '../leads/brief';
import { inReachOf, isAdmin, type Caller } from '../staff/access';

export type ActionLogQuery = PageQuery & {
  actor_id?: number;
  subject_id?: number;
  kind?: string;
  date_from?: string;
  date_to?: string;
};

/** Counting stops here: past it the pager shows "many" pages, and the first page stays fast at any volume. */
export const COUNT_CAP = 10_000;

/** What a consultant may read: their own actions and actions about themselves or users in their reach. */
function visibleTo(callerId: Placeholder): SQL {
  return sql`(${actionLogs.actorId} = ${callerId} or ${actionLogs.subjectId} = ${callerId} or ${actionLogs.subjectId} in (
    select u.id from ${users} u where ${inReachOf(callerId, { id: sql`u.id`, responsibleId: sql`u.responsible_id`, path: sql`u.path` })}))`;
}

async function reaches(ctx: AppContext, callerId: number, userId: number): Promise<boolean> {
  if (userId === callerId) return true;
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), inReachOf(callerId)));
  return Boolean(row);
}

/** One entry as json_agg gives it. */
type LogRow = {
  id: number;
  actor_id: number | null;
  kind: string;
  details: Record<string, unknown>;
  /** ISO text (isoSql). */
  created_at: string;
  actor: Brief | null;
  subject: Brief | null;
  view_as: Brief | null;
};

type ListShape = { admin: boolean; actor: boolean; subject: boolean; kind: boolean; from: boolean; to: boolean; limit: number; offset: number };
type ListValues = { callerId: number; actorId: number | null; subjectId: number | null; kind: string | null; from: string | null; to: string | null; tz: string };

/** The page and both counts in one statement, built once per shape; the people come as UserBrief straight from SQL. */
const listStatement = shapedStatement<{ count: number; total: number; rows: LogRow[] }, ListShape, ListValues>((shape) => {
  const tz = sql.placeholder('tz');
  const base = shape.admin ? undefined : visibleTo(sql.placeholder('callerId'));
  const filters: SQL[] = base ? [base] : [];
  if (shape.actor) filters.push(sql`${actionLogs.actorId} = ${sql.placeholder('actorId')}`);
  if (shape.subject) filters.push(sql`${actionLogs.subjectId} = ${sql.placeholder('subjectId')}`);
  if (shape.kind) filters.push(sql`${actionLogs.kind} = ${sql.placeholder('kind')}`);
  if (shape.from) filters.push(sql`${actionLogs.createdAt} >= (${sql.placeholder('from')}::date)::timestamp at time zone ${tz}`);
  if (shape.to) filters.push(sql`${actionLogs.createdAt} < (${sql.placeholder('to')}::date + 1)::timestamp at time zone ${tz}`);
  const where = filters.length ? and(...filters) : undefined;
  const capped = (w: SQL | undefined) => sql`(select count(*) from (select 1 from ${actionLogs} ${w ? sql`where ${w}` : sql``} limit ${sql.raw(String(COUNT_CAP))}) c)`;
  // An admin's "all entries" and "entries by this employee" are kept exact in action_log_counts (migration 0024).
  const kept = (byActor: boolean) =>
    sql`(select coalesce(sum(n), 0) from action_log_counts ${byActor ? sql`where actor_id = ${sql.placeholder('actorId')}` : sql``})`;
  const byActorOnly = !shape.subject && !shape.kind && !shape.from && !shape.to;
  return sql`select ${shape.admin && byActorOnly ? kept(shape.actor) : capped(where)}::int as count, ${shape.admin ? kept(false) : capped(base)}::int as total,
    coalesce((select json_agg(r) from (
      select action_logs.id, action_logs.actor_id, action_logs.kind, action_logs.details, ${isoSql('action_logs.created_at')} as created_at,
        ${briefJson('actor')} as actor, ${briefJson('subject')} as subject, ${briefJson('view_as')} as view_as
      from ${actionLogs}
      left join ${users} actor on actor.id = action_logs.actor_id
      left join ${users} subject on subject.id = action_logs.subject_id
      left join ${users} view_as on view_as.id = action_logs.view_as_id
      ${where ? sql`where ${where}` : sql``}
      -- NULLS LAST as in the (actor|subject, created_at desc, id desc) indexes, so they give the order without a sort.
      order by action_logs.created_at desc nulls last, action_logs.id desc nulls last
      ${pageSql(shape)}) r), '[]') as rows`;
});

/** Newest first, filtered by actor, subject, kind and day (in the caller's time zone). */
export async function listActionLogs(ctx: AppContext, caller: Caller & { timeZone: string }, q: ActionLogQuery, lang: Lang) {
  const admin = isAdmin(caller);
  // Asking for someone outside one's reach is refused outright rather than answered with an empty page.
  if (!admin) {
    for (const id of [q.actor_id, q.subject_id]) if (id !== undefined && !(await reaches(ctx, caller.id, id))) throw permissionDenied();
  }
  const win = pageWindow(q);
  const shape: ListShape = {
    admin,
    actor: q.actor_id !== undefined,
    subject: q.subject_id !== undefined,
    kind: Boolean(q.kind),
    from: Boolean(q.date_from),
    to: Boolean(q.date_to),
    limit: win.limit,
    offset: win.offset,
  };
  const [page] = await listStatement(ctx.db, shape, {
    callerId: caller.id,
    actorId: q.actor_id ?? null,
    subjectId: q.subject_id ?? null,
    kind: q.kind || null,
    from: q.date_from || null,
    to: q.date_to || null,
    tz: caller.timeZone,
  });
  const name = (u: Brief | null, fallback: string) => (u ? `${u.first_name} ${u.last_name}`.trim() : fallback);
  const results = page!.rows.map((l) => {
    const key = `action_${l.kind}` as MessageKey;
    const removed = (l.details as { user?: { first_name?: string; last_name?: string } }).user;
    const subjectName = l.subject ? name(l.subject, '') : removed ? `${removed.first_name ?? ''} ${removed.last_name ?? ''}`.trim() : '';
    const params = { actor: name(l.actor, t(lang, 'action_someone')), subject: subjectName, kind: l.kind };
    return {
      id: l.id,
      actor: l.actor ?? { id: l.actor_id ?? 0, first_name: params.actor, last_name: '' },
      subject: l.subject,
      view_as: l.view_as,
      kind: l.kind,
      description: key in catalogues.en ? t(lang, key, params) : t(lang, 'action_generic', params),
      data: l.details,
      created_at: l.created_at,
    };
  });
  return pageOf(results, page!.count, page!.total, win, q);
}
