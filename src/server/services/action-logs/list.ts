import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { actionLogs, users } from '../../db/schema';
import { permissionDenied } from '../../http/errors';
import { catalogues, t, type Lang, type MessageKey } from '../../i18n';
import { pageOf, pageWindow, type PageQuery } from '../paging';
import { brief, inReachOf, isAdmin, type Caller } from '../staff/access';

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
function visibleTo(callerId: number): SQL {
  return sql`(${actionLogs.actorId} = ${callerId} or ${actionLogs.subjectId} = ${callerId} or ${actionLogs.subjectId} in (
    select u.id from ${users} u where ${inReachOf(callerId, { id: sql`u.id`, responsibleId: sql`u.responsible_id`, path: sql`u.path` })}))`;
}

async function reaches(ctx: AppContext, callerId: number, userId: number): Promise<boolean> {
  if (userId === callerId) return true;
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), inReachOf(callerId)));
  return Boolean(row);
}

/** Newest first, filtered by actor, subject, kind and day (in the caller's time zone). */
export async function listActionLogs(ctx: AppContext, caller: Caller, q: ActionLogQuery, lang: Lang) {
  const admin = isAdmin(caller);
  // Asking for someone outside one's reach is refused outright rather than answered with an empty page.
  if (!admin) {
    for (const id of [q.actor_id, q.subject_id]) if (id !== undefined && !(await reaches(ctx, caller.id, id))) throw permissionDenied();
  }
  const [me] = await ctx.db.select({ tz: users.timeZone }).from(users).where(eq(users.id, caller.id));
  const tz = me?.tz ?? 'UTC';
  const filters: SQL[] = [];
  if (!admin) filters.push(visibleTo(caller.id));
  if (q.actor_id !== undefined) filters.push(eq(actionLogs.actorId, q.actor_id));
  if (q.subject_id !== undefined) filters.push(eq(actionLogs.subjectId, q.subject_id));
  if (q.kind) filters.push(eq(actionLogs.kind, q.kind));
  if (q.date_from) filters.push(sql`${actionLogs.createdAt} >= (${q.date_from}::date)::timestamp at time zone ${tz}`);
  if (q.date_to) filters.push(sql`${actionLogs.createdAt} < (${q.date_to}::date + 1)::timestamp at time zone ${tz}`);
  const where = filters.length ? and(...filters) : undefined;
  const base = admin ? undefined : visibleTo(caller.id);

  const win = pageWindow(q);
  const actor = alias(users, 'actor');
  const subject = alias(users, 'subject');
  const viewAs = alias(users, 'view_as');
  const capped = (w: SQL | undefined) =>
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from ${actionLogs} ${w ? sql`where ${w}` : sql``} limit ${COUNT_CAP}) c`);
  const [rows, counted, total] = await Promise.all([
    ctx.db
      .select({ l: actionLogs, actor, subject, viewAs })
      .from(actionLogs)
      .leftJoin(actor, eq(actor.id, actionLogs.actorId))
      .leftJoin(subject, eq(subject.id, actionLogs.subjectId))
      .leftJoin(viewAs, eq(viewAs.id, actionLogs.viewAsId))
      .where(where)
      .orderBy(desc(actionLogs.createdAt), desc(actionLogs.id))
      .limit(win.limit)
      .offset(win.offset),
    capped(where),
    capped(base),
  ]);
  const name = (u: { firstName: string; lastName: string } | null, fallback: string) => (u ? `${u.firstName} ${u.lastName}`.trim() : fallback);
  const results = rows.map(({ l, actor: a, subject: s, viewAs: v }) => {
    const key = `action_${l.kind}` as MessageKey;
    const removed = (l.details as { user?: { first_name?: string; last_name?: string } }).user;
    const subjectName = s ? name(s, '') : removed ? `${removed.first_name ?? ''} ${removed.last_name ?? ''}`.trim() : '';
    const params = { actor: name(a, t(lang, 'action_someone')), subject: subjectName, kind: l.kind };
    return {
      id: l.id,
      actor: a ? brief(a) : { id: l.actorId ?? 0, first_name: params.actor, last_name: '' },
      subject: s ? brief(s) : null,
      view_as: v ? brief(v) : null,
      kind: l.kind,
      description: key in catalogues.en ? t(lang, key, params) : t(lang, 'action_generic', params),
      data: l.details,
      created_at: l.createdAt.toISOString(),
    };
  });
  return pageOf(results, counted.rows[0]!.n, total.rows[0]!.n, win, q);
}
