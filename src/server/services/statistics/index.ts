import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext, AuthUser } from '../../context';
import { clock } from '../../clock';
import { keyedStatement, prepared } from '../../db/prepared';
import { briefJson, likeOf, type Brief } from '../leads/brief';
import { scopeOf, visibleUsers, type Scope } from '../leads/scope';
import { pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { countriesSql, daysSql, freshSql, minutesOf, partsSql, type Whose } from './figures';
import { PERIODS, periodDays, type PeriodInput } from './period';
import { spanOf, type Span } from './span';
import { one } from '../../db/rows';

const money = (cents: number | string | null) => (Number(cents ?? 0) / 100).toFixed(2);

/** Money figures are for admins; consultants see their work and their registrations. */
const moneyVisible = (caller: AuthUser) => caller.role === 'admin';

// The instants of a period's local midnights never change: kept (the most recently used), to save every call a round trip.
const MAX_BOUNDS = 5000;
const bounds = new LRUCache<string, { s: number; e: number }>({ max: MAX_BOUNDS });
// The clock only steers the span's split (which buckets cost fewer rows), never its figures: a span,
// and the statements built from it, serve for ten minutes of the clock.
const SPAN_CLOCK_MS = 10 * 60_000;
const spans = new LRUCache<string, Span>({ max: MAX_BOUNDS });

/**
 * The period's days in the time zone as [start, end) instants, split for the roll-ups (figures.ts),
 * and a key naming that span.
 */
async function spanFor(
  ctx: AppContext,
  days: { from: string; to: string },
  tz: string,
): Promise<{ span: Span; key: string }> {
  const dayKey = `${days.from}|${days.to}|${tz}`;
  let b = bounds.get(dayKey);
  if (!b) {
    const r = one(
      await prepared<{ s: Date; e: Date }>(
        ctx.db,
        sql`select (${days.from}::date::timestamp at time zone ${tz}) as s, ((${days.to}::date + 1)::timestamp at time zone ${tz}) as e`,
      ),
    );
    b = { s: new Date(r.s).getTime(), e: new Date(r.e).getTime() };
    bounds.set(dayKey, b);
  }
  const at = Math.floor(clock.now().getTime() / SPAN_CLOCK_MS) * SPAN_CLOCK_MS;
  const key = `${b.s}|${b.e}|${at}`;
  let span = spans.get(key);
  if (!span) {
    span = spanOf(new Date(b.s), new Date(b.e), new Date(at));
    spans.set(key, span);
  }
  return { span, key };
}

const figuresStatement = keyedStatement<Figures & { employee: Brief }>();
type StaffRow = Figures & {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  is_blocked: boolean;
  total: number;
};
const staffStatement = keyedStatement<StaffRow>();
const countriesStatement = keyedStatement<{ json: string }>();

type Figures = {
  completed_tasks: number;
  time_spent: number;
  donations_cents: number;
  new_subscriptions: number;
  new_registrations: number;
  tasks_of_new_registrations: number;
};

/** The six figures of one employee, or of the organisation (an admin's own dashboard), and the employee's brief. */
function figuresSql(span: Span, whose: Whose, employee: number): SQL {
  return sql`
    with ${partsSql(span, whose)},
    d as (
      select coalesce(sum(done), 0)::int as done, coalesce(sum(us), 0) as us, coalesce(sum(reg), 0)::int as reg,
             coalesce(sum(cents), 0)::bigint as cents, coalesce(sum(subs), 0)::int as subs
      from (${daysSql(span, whose)}) x
    ), f as (select coalesce(sum(n), 0)::int as n from (${freshSql(span, whose)}) y)
    select d.done as completed_tasks, ${minutesOf(sql`d.us`)} as time_spent, d.cents as donations_cents, d.subs as new_subscriptions,
           d.reg as new_registrations, f.n as tasks_of_new_registrations,
           ${briefJson('e')} as employee
    from d, f, users e where e.id = ${employee}`;
}

const whoseKey = (whose: Whose) => (whose.kind === 'employee' ? `employee ${whose.id}` : whose.kind);

/** An admin's own dashboard is the organisation's; otherwise the (viewed) employee's. */
const whoseOf = (scope: Scope): Whose =>
  scope.ownerRole === 'admin' && scope.viewAsId === null
    ? { kind: 'organisation' }
    : { kind: 'employee', id: scope.ownerId };

export async function getStatistics(ctx: AppContext, caller: AuthUser, input: PeriodInput & { user_id?: number }) {
  const scope = await scopeOf(ctx, caller, input.user_id);
  const days = periodDays(input, scope.ownerTimeZone);
  const { span, key } = await spanFor(ctx, days, scope.ownerTimeZone);
  const whose = whoseOf(scope);
  const f = one(
    await figuresStatement(ctx.db, `${key}|${whoseKey(whose)}|${scope.ownerId}`, () =>
      figuresSql(span, whose, scope.ownerId),
    ),
  );
  const withMoney = moneyVisible(caller);
  const metric = (available: boolean, value: number | string) => ({
    available,
    value: available ? value : typeof value === 'string' ? '0.00' : 0,
  });
  return {
    employee: f.employee,
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

/**
 * Registrations, donations and subscriptions per country, for the users the employee looks after
 * (admins: all); countries with all three zero are left out. Written as JSON text by PostgreSQL;
 * money figures are for admins (others get zeros, as in the six figures).
 */
export async function getStatisticsByCountries(
  ctx: AppContext,
  caller: AuthUser,
  input: PeriodInput & { user_id?: number },
): Promise<string> {
  const scope = await scopeOf(ctx, caller, input.user_id);
  const days = periodDays(input, scope.ownerTimeZone);
  const { span, key } = await spanFor(ctx, days, scope.ownerTimeZone);
  const whose = whoseOf(scope);
  const withMoney = moneyVisible(caller);
  const row = one(
    await countriesStatement(
      ctx.db,
      `${key}|${whoseKey(whose)}|${withMoney}`,
      () => sql`
    with ${partsSql(span, whose)}
    select coalesce(json_agg(json_build_object('country', country, 'registrations', registrations,
      'donations_sum', ${withMoney ? sql`(donations_cents / 100.0)::numeric(20, 2)::text` : sql`'0.00'`},
      'subscriptions', ${withMoney ? sql`subscriptions` : sql`0`}) order by registrations desc, donations_cents desc, country), '[]')::text as json
    from (
      select country, sum(reg)::int as registrations, sum(cents)::bigint as donations_cents, sum(subs)::int as subscriptions
      from (${countriesSql(span, whose)}) x
      group by country having sum(reg) <> 0 or sum(cents) <> 0 or sum(subs) <> 0
      order by 2 desc, 3 desc, 1 limit 300) c`,
    ),
  );
  return row.json;
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

/** The staff table's statement: one row per employee the viewer sees, ranked and paged. */
function staffSql(
  span: Span,
  viewer: { id: number; role: AuthUser['role'] },
  search: string | undefined,
  ordering: string,
  win: { limit: number; offset: number },
): SQL {
  const filters: SQL[] = [sql`e.role in ('consultant', 'admin')`];
  if (viewer.role !== 'admin') filters.push(sql`(e.id = ${viewer.id} or ${visibleUsers(viewer, sql`e.id`)})`);
  if (search?.trim())
    filters.push(
      sql`(e.first_name || ' ' || e.last_name || ' ' || coalesce(e.email::text, '')) ilike ${likeOf(search)}`,
    );
  const where = sql.join(filters, sql` and `);
  const col = ordering.replace(/^-/, '');
  const dir = ordering.startsWith('-') ? sql`desc` : sql`asc`;
  const orderCol = STAFF_ORDER.has(col)
    ? col === 'donations_sum'
      ? sql`donations_cents`
      : sql.identifier(col)
    : sql`completed_tasks`;
  const each: Whose = { kind: 'each' };
  // A consultant's structure is a few employees: read only their roll-up rows.
  const onlyIds = viewer.role === 'admin' ? undefined : sql`select id from emp`;
  const head = sql`
    with ${partsSql(span, each)},
    emp as (select e.id, e.first_name, e.last_name, e.email, e.phone, e.avatar, e.is_blocked from users e where ${where}),
    d as (
      select id, sum(done)::int as done, sum(us) as us, sum(reg)::int as reg, sum(cents)::bigint as cents, sum(subs)::int as subs
      from (${daysSql(span, each, onlyIds)}) x group by id
    )`;
  const figuresOfD = sql`coalesce(d.done, 0) as completed_tasks, coalesce(${minutesOf(sql`d.us`)}, 0) as time_spent,
    coalesce(d.cents, 0) as donations_cents, coalesce(d.subs, 0) as new_subscriptions, coalesce(d.reg, 0) as new_registrations`;
  const order = sql`order by ${orderCol} ${dir}, id`;
  if (col === 'tasks_of_new_registrations') {
    return sql`${head},
      f as (select id, sum(n)::int as n from (${freshSql(span, each, onlyIds)}) y group by id),
      rows as (select emp.*, ${figuresOfD}, coalesce(f.n, 0) as tasks_of_new_registrations from emp left join d on d.id = emp.id left join f on f.id = emp.id)
      select *, count(*) over ()::int as total from rows ${order} ${pageSql(win)}`;
  }
  // Tasks of new registrations cost the most (pairs of join and completion days): ranked by another
  // figure, they are read for the page's employees only.
  return sql`${head},
    page as (select emp.*, ${figuresOfD}, count(*) over ()::int as total from emp left join d on d.id = emp.id ${order} ${pageSql(win)}),
    f as (select id, sum(n)::int as n from (${freshSql(span, each, sql`select id from page`)}) y group by id)
    select page.*, coalesce(f.n, 0) as tasks_of_new_registrations from page left join f on f.id = page.id ${order}`;
}

/**
 * One row per employee (an admin sees all; a consultant themself and the consultants of their
 * structure), with the six figures of the period.
 */
export async function getStaffStatistics(
  ctx: AppContext,
  caller: AuthUser,
  q: StaffStatsQuery,
  input: PeriodInput & { user_id?: number },
) {
  const scope = await scopeOf(ctx, caller, input.user_id);
  const days = periodDays(input, scope.ownerTimeZone);
  const { span, key: spanKey } = await spanFor(ctx, days, scope.ownerTimeZone);
  const win = pageWindow(q);
  const viewer = { id: scope.ownerId, role: scope.ownerRole };
  const ordering = q.ordering ?? '-completed_tasks';
  // Everything the statement's values come from: the span, the viewer, the search, the order, the page.
  const key = JSON.stringify([
    spanKey,
    viewer.role,
    viewer.id,
    q.search?.trim() ?? '',
    ordering,
    win.limit,
    win.offset,
  ]);
  const rows = await staffStatement(ctx.db, key, () => staffSql(span, viewer, q.search, ordering, win));
  const withMoney = moneyVisible(caller);
  const count = rows[0]?.total ?? 0;
  const results = rows.map((r) => ({
    user: {
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone: r.phone,
      avatar: r.avatar,
    },
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
