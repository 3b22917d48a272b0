import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { DomainError, FieldErrors } from '../../errors';
import { t, type Lang } from '../../i18n';
import { recordAction } from '../action-log';
import { briefJson, likeOf } from '../leads/brief';
import { ROUTE_LEAD_QUEUE, type LeadSource } from '../leads/intake';
import { routingState } from '../leads/routing';
import { leadSourceKindSql, leadSourceSql } from '../leads/source';
import { pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { visibilityOf, visibleUsersWhere, type Viewer } from './visibility';

/**
 * A waiting lead: a member in status `waiting` that no consultant looks after. Staff see the whole pool
 * (any consultant may take a lead to work); a member sees the waiting leads of their own structure
 * (e.g. the sign-ups of their landing pages).
 */
function scopeOf(viewer: Viewer): SQL {
  const pool = sql`u.lead_status = 'waiting' and u.responsible_id is null and u.role = 'member'`;
  return viewer.role === 'member' ? sql`${pool} and ${visibleUsersWhere(viewer, 'u')}` : pool;
}

const ORDER: Record<string, string> = {
  date_joined: 'u.date_joined',
  waiting_since: 'u.date_joined',
  first_name: 'u.first_name',
  last_name: 'u.last_name',
  email: 'u.email',
  city: 'u.city',
  country: 'u.country',
};

function orderOf(ordering: string | undefined): SQL {
  const key = ordering?.replace(/^-/, '') ?? 'waiting_since';
  const dir = sql.raw(ordering?.startsWith('-') ? 'desc' : 'asc');
  return sql`${sql.raw(ORDER[key] ?? 'u.date_joined')} ${dir}, u.id ${dir}`;
}

type Row = Record<string, unknown> & { date_joined: Date; waiting_since: Date | null };
type QueueStatus = 'new' | 'offered' | 'returned';

/** How the lead came (services/leads/source.ts: its latest creation entry, or the import that made it). */
const SOURCE_KIND = leadSourceKindSql('u');

/** Offered (an open routing offer now), returned (a consultant gave it back) or new. */
const QUEUE_STATUS = sql`(case
  when exists (select 1 from lead_offers o where o.lead_id = u.id and o.status = 'open') then 'offered'
  when exists (select 1 from action_logs a where a.subject_id = u.id and a.kind = 'lead_rejected') then 'returned'
  else 'new' end)`;

export async function listWaitingUsers(
  ctx: AppContext,
  viewer: Viewer,
  q: PageQuery & { search?: string; ordering?: string; source?: LeadSource; queue_status?: QueueStatus; id?: number },
) {
  const win = pageWindow(q);
  const scope = scopeOf(viewer);
  const term = q.search?.trim();
  const filters = [
    term
      ? sql`(u.first_name || ' ' || u.last_name || ' ' || coalesce(u.email::text, '') || ' ' || coalesce(u.phone, '')) ilike ${likeOf(term)}`
      : null,
    q.id === undefined ? null : sql`u.id = ${q.id}`,
    q.source ? sql`${SOURCE_KIND} = ${q.source}` : null,
    q.queue_status ? sql`${QUEUE_STATUS} = ${q.queue_status}` : null,
  ].filter((f) => f !== null);
  const where = filters.length ? sql`${scope} and ${sql.join(filters, sql` and `)}` : scope;
  const [rows, counted, total, routing] = await Promise.all([
    ctx.db.execute<Row>(sql`
      select u.id, u.first_name, u.last_name, u.email::text as email, u.phone, u.avatar, u.city, u.country, u.language,
        u.lead_status as status, ${briefJson('r')} as referrer, u.date_joined,
        src.v->>'kind' as source_kind, ${QUEUE_STATUS} as queue_status,
        case when src.v->>'kind' = 'landing' then src.v->>'name' end as source,
        coalesce(back.at, u.date_joined) as waiting_since
      from (select u.* from users u where ${where} order by ${orderOf(q.ordering)} ${pageSql(win)}) u
      left join users r on r.id = u.referrer_id
      cross join lateral (select ${leadSourceSql('u')} as v) src
      left join lateral (
        select max(a.created_at) as at from action_logs a where a.subject_id = u.id and a.kind = 'lead_rejected'
      ) back on true
      order by ${orderOf(q.ordering)}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${where}`),
    term ? ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${scope}`) : null,
    // Staff are told over the queue when no lead reaches anyone (no consultant has work times, or none
    // is on shift now); a lookup of one lead by id (the brief a consultant opens) shows no queue.
    viewer.role === 'member' || q.id !== undefined ? undefined : routingState(ctx.db),
  ]);
  const count = counted.rows[0]?.n ?? 0;
  const results = rows.rows.map((r) => ({
    ...r,
    date_joined: new Date(r.date_joined).toISOString(),
    waiting_since: new Date(r.waiting_since ?? r.date_joined).toISOString(),
  }));
  const page = pageOf(results as never[], count, total ? (total.rows[0]?.n ?? 0) : count, win, q);
  return routing ? { ...page, routing } : page;
}

/**
 * The caller stops looking after the user, who goes back to the waiting leads. One conditional UPDATE
 * decides (a consultant only for their own users; an admin for anybody's), so two racing calls cannot
 * both succeed; the history entry commits with it.
 */
export async function rejectResponsibleUser(ctx: AppContext, viewer: Viewer, userId: number, lang: Lang) {
  const done = await ctx.db.transaction(async (tx) => {
    const mine = viewer.role === 'admin' ? sql`responsible_id is not null` : sql`responsible_id = ${viewer.id}`;
    const res = await tx.execute<{ previous: number | null }>(sql`
      update users u set responsible_id = null, lead_status = 'waiting', updated_at = now()
      from (select id, responsible_id as previous from users where id = ${userId} for update) old
      where u.id = old.id and ${mine}
      returning old.previous`);
    const row = res.rows[0];
    if (!row) return false;
    await recordAction(tx, {
      actorId: viewer.id,
      subjectId: userId,
      kind: 'lead_rejected',
      details: { previous_responsible_id: row.previous },
    });
    // Back to automatic routing at once, never to the consultant who gave the lead up: a closed offer
    // of theirs keeps routing from offering it to them again (closed offers count toward no limit).
    if (row.previous !== null) {
      await tx.execute(sql`
        insert into lead_offers (lead_id, consultant_id, status, offered_at, expires_at, decided_at)
        select ${userId}, ${row.previous}, 'closed', now(), now(), now()
        where not exists (select 1 from lead_offers where lead_id = ${userId} and consultant_id = ${row.previous})`);
    }
    await ctx.jobs.sendInTx(tx, ROUTE_LEAD_QUEUE, { leadId: userId }, { retryLimit: 5, retryDelay: 5 });
    return true;
  });
  if (done) return { detail: t(lang, 'team_responsibility_rejected') };
  const v = await visibilityOf(ctx.db, viewer, userId);
  if (v === 'missing') throw new DomainError('not_found', 'not_found', 'not_found');
  if (viewer.role === 'admin') throw FieldErrors.of('user_id', 'team_user_has_no_responsible');
  throw new DomainError('forbidden', 'not_responsible', 'team_not_responsible');
}
