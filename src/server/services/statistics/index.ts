import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { likeOf, type Brief } from '../leads/brief';
import { scopeOf, visibleUsers } from '../leads/scope';
import { pageOf, pageWindow, type PageQuery } from '../paging';
import { PERIODS, periodDays, type PeriodInput } from './period';

const money = (cents: number | string | null) => (Number(cents ?? 0) / 100).toFixed(2);

/** Money figures are for admins; consultants see their work and their registrations. */
const moneyVisible = (caller: AuthUser) => caller.role === 'admin';

/** [start, end) instants of the days in the time zone, as SQL. */
function bounds(from: string, to: string, tz: string) {
  return {
    start: sql`(${from}::date::timestamp at time zone ${tz})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${tz})`,
  };
}

type Figures = {
  completed_tasks: number;
  time_spent: number;
  donations_cents: number;
  new_subscriptions: number;
  new_registrations: number;
  tasks_of_new_registrations: number;
};

/**
 * The six figures of one employee (or, for an admin's own dashboard, of everybody). Each sub-select
 * reads one index range: tasks by (owner_id, completed_at), payments by paid_at, users by responsible.
 */
function figuresSql(owner: number | null, start: SQL, end: SQL): SQL {
  const taskOwner = owner === null ? sql`true` : sql`t.owner_id = ${owner}`;
  const responsible = owner === null ? sql`true` : sql`u.responsible_id = ${owner}`;
  return sql`
    with done as (
      select t.type, t.start_at, t.end_at, t.linked_user_id from tasks t
      where ${taskOwner} and t.status = 'completed' and t.completed_at >= ${start} and t.completed_at < ${end}
    ), fresh as (
      select u.id from users u where ${responsible} and u.date_joined >= ${start} and u.date_joined < ${end}
    ), paid as (
      select p.kind, p.amount_cents from payments p join users u on u.id = p.user_id
      where p.state = 'paid' and p.paid_at >= ${start} and p.paid_at < ${end} and ${responsible}
    )
    select
      (select count(*)::int from done) as completed_tasks,
      (select coalesce(sum(extract(epoch from (end_at - start_at)) / 60), 0)::int from done
        where type in ('meet', 'call') and end_at > start_at) as time_spent,
      (select coalesce(sum(amount_cents), 0)::bigint from paid where kind = 'donation') as donations_cents,
      (select count(*)::int from paid where kind = 'subscription') as new_subscriptions,
      (select count(*)::int from fresh) as new_registrations,
      (select count(*)::int from done where linked_user_id in (select id from fresh)) as tasks_of_new_registrations`;
}

export async function getStatistics(ctx: AppContext, caller: AuthUser, input: PeriodInput & { user_id?: number }) {
  const scope = await scopeOf(ctx, caller, input.user_id);
  const days = periodDays(input, scope.ownerTimeZone);
  const { start, end } = bounds(days.from, days.to, scope.ownerTimeZone);
  const everyone = scope.ownerRole === 'admin' && scope.viewAsId === null;
  const res = await ctx.db.execute<Figures>(figuresSql(everyone ? null : scope.ownerId, start, end));
  const f = res.rows[0]!;
  const emp = await ctx.db.execute<Brief>(sql`select id, first_name, last_name, email, phone, avatar from users where id = ${scope.ownerId}`);
  const withMoney = moneyVisible(caller);
  const metric = (available: boolean, value: number | string) => ({ available, value: available ? value : typeof value === 'string' ? '0.00' : 0 });
  return {
    employee: emp.rows[0]!,
    completed_tasks: metric(true, f.completed_tasks),
    time_spent: metric(true, f.time_spent),
    donations_sum: metric(withMoney, money(f.donations_cents)),
    new_subscriptions: metric(withMoney, f.new_subscriptions),
    new_registrations: metric(true, f.new_registrations),
    tasks_of_new_registrations: metric(true, f.tasks_of_new_registrations),
    available_periods: [...PERIODS],
    current_period: days.period,
    date_from: days.from,
    date_to: days.to,
  };
}

/** Registrations, donations and subscriptions per country, for the users the employee looks after (admins: all). */
export async function getStatisticsByCountries(ctx: AppContext, caller: AuthUser, input: PeriodInput & { user_id?: number }) {
  const scope = await scopeOf(ctx, caller, input.user_id);
  const days = periodDays(input, scope.ownerTimeZone);
  const { start, end } = bounds(days.from, days.to, scope.ownerTimeZone);
  const everyone = scope.ownerRole === 'admin' && scope.viewAsId === null;
  const responsible = everyone ? sql`true` : sql`u.responsible_id = ${scope.ownerId}`;
  const res = await ctx.db.execute<{ country: string; registrations: number; donations_cents: string; subscriptions: number }>(sql`
    with reg as (
      select u.country, count(*)::int as n from users u
      where ${responsible} and u.date_joined >= ${start} and u.date_joined < ${end} group by 1
    ), pay as (
      select u.country, coalesce(sum(p.amount_cents) filter (where p.kind = 'donation'), 0)::bigint as cents,
             count(*) filter (where p.kind = 'subscription')::int as subs
      from payments p join users u on u.id = p.user_id
      where p.state = 'paid' and p.paid_at >= ${start} and p.paid_at < ${end} and ${responsible} group by 1
    )
    select coalesce(reg.country, pay.country) as country, coalesce(reg.n, 0) as registrations,
           coalesce(pay.cents, 0) as donations_cents, coalesce(pay.subs, 0) as subscriptions
    from reg full join pay on pay.country = reg.country
    order by 2 desc, 3 desc, 1 limit 300`);
  const withMoney = moneyVisible(caller);
  return res.rows.map((r) => ({
    country: r.country,
    registrations: r.registrations,
    donations_sum: withMoney ? money(r.donations_cents) : '0.00',
    subscriptions: withMoney ? r.subscriptions : 0,
  }));
}

const STAFF_ORDER = new Set([
  'completed_tasks',
  'time_spent',
  'donations_sum',
  'new_subscriptions',
  'new_registrations',
  'tasks_of_new_registrations',
  'last_name',
]);

export type StaffStatsQuery = PageQuery & { search?: string; ordering?: string };

/**
 * One row per employee (an admin sees all; a consultant themself and the consultants of their
 * structure). Each figure is one grouped scan over the period, joined to the employees.
 */
export async function getStaffStatistics(ctx: AppContext, caller: AuthUser, q: StaffStatsQuery, input: PeriodInput & { user_id?: number }) {
  const scope = await scopeOf(ctx, caller, input.user_id);
  const days = periodDays(input, scope.ownerTimeZone);
  const { start, end } = bounds(days.from, days.to, scope.ownerTimeZone);
  const win = pageWindow(q);
  const viewer = { id: scope.ownerId, role: scope.ownerRole };
  const filters: SQL[] = [sql`e.role in ('consultant', 'admin')`];
  if (viewer.role !== 'admin') filters.push(sql`(e.id = ${viewer.id} or ${visibleUsers(viewer, sql`e.id`)})`);
  if (q.search?.trim()) filters.push(sql`(e.first_name || ' ' || e.last_name || ' ' || coalesce(e.email::text, '')) ilike ${likeOf(q.search)}`);
  const where = sql.join(filters, sql` and `);
  const ordering = q.ordering ?? '-completed_tasks';
  const col = ordering.replace(/^-/, '');
  const dir = ordering.startsWith('-') ? sql`desc` : sql`asc`;
  const orderCol = STAFF_ORDER.has(col) ? (col === 'donations_sum' ? sql`donations_cents` : sql.identifier(col)) : sql`completed_tasks`;
  const res = await ctx.db.execute<Figures & { id: number; first_name: string; last_name: string; email: string | null; phone: string | null; avatar: string | null; is_blocked: boolean; total: number }>(sql`
    with done as (
      select t.owner_id, count(*)::int as n,
             coalesce(sum(extract(epoch from (t.end_at - t.start_at)) / 60) filter (where t.type in ('meet', 'call') and t.end_at > t.start_at), 0)::int as minutes,
             count(*) filter (where lu.date_joined >= ${start} and lu.date_joined < ${end} and lu.responsible_id = t.owner_id)::int as fresh_tasks
      from tasks t left join users lu on lu.id = t.linked_user_id
      where t.status = 'completed' and t.completed_at >= ${start} and t.completed_at < ${end} group by 1
    ), reg as (
      select u.responsible_id as owner_id, count(*)::int as n from users u
      where u.responsible_id is not null and u.date_joined >= ${start} and u.date_joined < ${end} group by 1
    ), pay as (
      select u.responsible_id as owner_id, coalesce(sum(p.amount_cents) filter (where p.kind = 'donation'), 0)::bigint as cents,
             count(*) filter (where p.kind = 'subscription')::int as subs
      from payments p join users u on u.id = p.user_id
      where p.state = 'paid' and p.paid_at >= ${start} and p.paid_at < ${end} and u.responsible_id is not null group by 1
    ), emp as (
      select e.id, e.first_name, e.last_name, e.email, e.phone, e.avatar, e.is_blocked,
             coalesce(done.n, 0) as completed_tasks, coalesce(done.minutes, 0) as time_spent,
             coalesce(pay.cents, 0) as donations_cents, coalesce(pay.subs, 0) as new_subscriptions,
             coalesce(reg.n, 0) as new_registrations, coalesce(done.fresh_tasks, 0) as tasks_of_new_registrations
      from users e left join done on done.owner_id = e.id left join reg on reg.owner_id = e.id left join pay on pay.owner_id = e.id
      where ${where}
    )
    select *, count(*) over ()::int as total from emp order by ${orderCol} ${dir}, id limit ${win.limit} offset ${win.offset}`);
  const withMoney = moneyVisible(caller);
  const count = res.rows[0]?.total ?? 0;
  const results = res.rows.map((r) => ({
    user: { id: r.id, first_name: r.first_name, last_name: r.last_name, email: r.email, phone: r.phone, avatar: r.avatar },
    completed_tasks: r.completed_tasks,
    time_spent: r.time_spent,
    donations_sum: withMoney ? money(r.donations_cents) : '0.00',
    new_subscriptions: withMoney ? r.new_subscriptions : 0,
    new_registrations: r.new_registrations,
    tasks_of_new_registrations: r.tasks_of_new_registrations,
    is_blocked: r.is_blocked,
  }));
  return pageOf(results, count, count, win, q);
}
