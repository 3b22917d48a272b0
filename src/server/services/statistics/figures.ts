import { sql, type SQL } from 'drizzle-orm';
import type { Span } from './span';

/**
 * The statistics' SQL over a Span: the roll-up buckets (staff_stats_*, kept by the triggers of
 * migrations 0017 and 0019) plus what they leave at the period's ends, read from tasks, payments and
 * users through their indexes. Exact figures, for one employee, for the organisation or for each
 * employee:
 *   completed_tasks: tasks the employee owns completed in the period (status completed, completed_at);
 *   time_spent: their meet and call time (end_at - start_at when positive), rounded to minutes;
 *   new_registrations, donations, new_subscriptions: users the employee is responsible for who joined
 *     in the period; their donations and subscriptions paid in it (organisation: all users);
 *   tasks_of_new_registrations: completed tasks of the period about users who joined in it; for an
 *     employee, their own tasks about users they are responsible for.
 */
export type Whose = { kind: 'organisation' } | { kind: 'employee'; id: number } | { kind: 'each' };

// Bounds go in as one-row subqueries: the planner then estimates every period alike, so after a few
// calls PostgreSQL keeps one generic plan per query shape (prepared statements; the plans are index
// range scans either way) instead of planning each call, which costs as much as running it.
const ts = (d: Date) => sql`(select ${d.toISOString()}::timestamptz)`;
const day = (d: string) => sql`(select ${d}::date)`;
const none = (cols: string) => sql.raw(`(select ${cols} where false)`);

/** The roll-up rows' employee filter (alias r). */
function rollupKey(whose: Whose): SQL {
  if (whose.kind === 'organisation') return sql`r.employee_id = 0`;
  if (whose.kind === 'employee') return sql`r.employee_id = ${whose.id}`;
  return sql`r.employee_id <> 0`;
}

/**
 * The base tables' filters (tasks t, users u): tasks the employee owns, users they are responsible
 * for (each employee: users with a responsible); `own`: an employee's task of a new registration is
 * about a user they are responsible for.
 */
function filtersOf(whose: Whose) {
  const only = whose.kind === 'employee' ? whose.id : null;
  return {
    ownerIs: only === null ? sql`true` : sql`t.owner_id = ${only}`,
    // `+ 0` for every employee: "has a responsible" holds for most users, and ANDing that index's bitmap
    // with the period's few registrations cost 5 ms per edge.
    userIs:
      whose.kind === 'organisation'
        ? sql`true`
        : only === null
          ? sql`(u.responsible_id + 0) is not null`
          : sql`u.responsible_id = ${only}`,
    // `+ 0`: the owner is a filter, not an index key. Per user, their own tasks (tasks_linked_idx) are a
    // few; the tasks of the owner in the period (tasks_owner_completed_idx) can be thousands.
    own: whose.kind === 'organisation' ? sql`true` : sql`u.responsible_id = t.owner_id + 0`,
  };
}

/**
 * The CTEs every query starts with: the base-table rows the buckets leave out, each with `id`, the
 * employee it counts for (owner of a task, responsible of a user or payer). One select per edge, so
 * the planner sees its bounds; lateral lookups fenced with `offset 0`, so it probes an index per row
 * rather than hashing the users or tasks of the whole period.
 *   edge_done: completed tasks (us: their meet/call time); edge_joined: new users;
 *   edge_paid: donations and subscriptions (all three: the sub-hour edges, `span.edges`);
 *   fresh_edge: tasks of new registrations outside the whole UTC days (freshEdgeSql).
 */
export function partsSql(span: Span, whose: Whose): SQL {
  const { ownerIs, userIs } = filtersOf(whose);
  const perEdge = (edges: [Date, Date][], columns: string, select: (from: SQL, to: SQL) => SQL) =>
    edges.length
      ? sql.join(
          edges.map(([a, z]) => select(ts(a), ts(z))),
          sql` union all `,
        )
      : none(columns);
  return sql`edge_done as (${perEdge(
    span.edges,
    'null::int as id, 0::bigint as us',
    (from, to) => sql`
        select t.owner_id as id, staff_stats_task_us(t.type, t.start_at, t.end_at) as us from tasks t
        where t.status = 'completed' and t.completed_at >= ${from} and t.completed_at < ${to} and ${ownerIs}`,
  )}), edge_joined as (${perEdge(
    span.edges,
    'null::int as id, null::text as country',
    (from, to) => sql`
        select u.responsible_id as id, u.country from users u where u.date_joined >= ${from} and u.date_joined < ${to} and ${userIs}`,
  )}), edge_paid as (${perEdge(
    span.edges,
    'null::int as id, null::text as country, null::text as kind, 0 as amount_cents',
    (from, to) => sql`
        select u.responsible_id as id, u.country, p.kind, p.amount_cents from payments p
        cross join lateral (select u.responsible_id, u.country from users u where u.id = p.user_id and ${userIs} offset 0) u
        where p.state = 'paid' and p.paid_at >= ${from} and p.paid_at < ${to} and p.kind in ('donation', 'subscription')`,
  )}), fresh_edge as (${freshEdgeSql(span, whose)})`;
}

/**
 * Rows (id, n) of the tasks of new registrations that the whole-days box of staff_stats_fresh leaves
 * out: (a) completed in a partial day by a user who joined on the whole days, read per `span.freshEdges`
 * (the tasks of the partial day, or the roll-up's day minus the tasks of the rest of it); (b) users
 * who joined in a partial day, and their tasks completed in the period.
 */
function freshEdgeSql(span: Span, whose: Whose): SQL {
  const { ownerIs, userIs, own } = filtersOf(whose);
  // Tasks completed in [from, to) whose user joined on the whole days, counted `n` times each.
  const completedIn = (from: Date, to: Date, n: 1 | -1) => sql`
    select t.owner_id as id, ${n}::int as n from tasks t
    cross join lateral (
      select 1 from users u where u.id = t.linked_user_id and u.date_joined >= ${ts(span.wholeStart)} and u.date_joined < ${ts(span.wholeEnd)}
        and ${own} offset 0) u
    where t.status = 'completed' and t.completed_at >= ${ts(from)} and t.completed_at < ${ts(to)} and ${ownerIs}`;
  const parts: SQL[] = [];
  for (const edge of span.freshEdges) {
    if (!edge.outside) parts.push(completedIn(edge.from, edge.to, 1));
    else {
      parts.push(sql`
        select r.employee_id as id, r.tasks as n from staff_stats_fresh r
        where ${rollupKey(whose)} and r.completed_day = ${day(edge.day)} and r.joined_day >= ${day(span.fromDay)} and r.joined_day < ${day(span.toDay)}`);
      for (const [from, to] of edge.outside) parts.push(completedIn(from, to, -1));
    }
  }
  for (const [from, to] of span.dayEdges) {
    parts.push(sql`
      select t.owner_id as id, 1 as n from users u
      cross join lateral (
        select t.owner_id from tasks t where t.linked_user_id = u.id and t.status = 'completed'
          and t.completed_at >= ${ts(span.start)} and t.completed_at < ${ts(span.end)} and ${own} offset 0) t
      where u.date_joined >= ${ts(from)} and u.date_joined < ${ts(to)} and ${userIs}`);
  }
  return parts.length ? sql.join(parts, sql` union all `) : none('null::int as id, 0 as n');
}

/**
 * The signed roll-up rows of the span's buckets (alias r; one select per bucket range, so each is an
 * index range scan), as `columns` multiplied by the sign.
 */
function bucketRows(
  span: Span,
  table: 'staff_stats_days' | 'staff_stats_country_days',
  whose: Whose,
  columns: (sign: SQL) => SQL,
  onlyIds?: SQL,
): SQL {
  if (!span.buckets.length) return sql`select ${columns(sql`0`)} from ${sql.identifier(table)} r where false`;
  const ids = onlyIds ? sql`and r.employee_id in (${onlyIds})` : sql``;
  return sql.join(
    span.buckets.map(
      (b) => sql`select ${columns(sql`${b.sign}::int`)} from ${sql.identifier(table)} r
        where ${rollupKey(whose)} and r.grain = ${b.grain} and r.bucket >= ${ts(b.from)} and r.bucket < ${ts(b.to)} ${ids}`,
    ),
    sql` union all `,
  );
}

/** Rows (id, n): tasks of new registrations per employee (`id`) over the span, to be summed by id. */
export function freshSql(span: Span, whose: Whose, onlyIds?: SQL): SQL {
  const period = sql`r.joined_day >= ${day(span.fromDay)} and r.joined_day < ${day(span.toDay)}
    and r.completed_day >= ${day(span.fromDay)} and r.completed_day < ${day(span.toDay)}`;
  return sql`
    ${
      onlyIds
        ? // A few employees: each one's rows by the primary key, rather than every employee's rows of the period.
          sql`select o.id, r.tasks as n from (${onlyIds}) o
            cross join lateral (select r.tasks from staff_stats_fresh r where r.employee_id = o.id and ${period} offset 0) r`
        : sql`select r.employee_id as id, r.tasks as n from staff_stats_fresh r where ${rollupKey(whose)} and ${period}`
    }
    union all
    select coalesce(id, 0), n from fresh_edge ${onlyIds ? sql`where id in (${onlyIds})` : sql``}`;
}

/**
 * Rows (id, done, us, reg, cents, subs): the other figures per employee (`id`) over the span, to be
 * summed by id: the signed buckets of staff_stats_days and the partial days' rows. `onlyIds` (a
 * subquery of ids) narrows the roll-up rows read.
 */
export function daysSql(span: Span, whose: Whose, onlyIds?: SQL): SQL {
  return sql`
    ${bucketRows(
      span,
      'staff_stats_days',
      whose,
      (
        sign,
      ) => sql`r.employee_id as id, ${sign} * r.completed_tasks as done, ${sign} * r.time_spent_us as us, ${sign} * r.registrations as reg,
        ${sign} * r.donations_cents as cents, ${sign} * r.subscriptions as subs`,
      onlyIds,
    )}
    union all
    select id, 1, us, 0, 0, 0 from edge_done
    union all
    select id, 0, 0, 1, 0, 0 from edge_joined
    union all
    select id, 0, 0, 0, case when kind = 'donation' then amount_cents else 0 end, (kind = 'subscription')::int from edge_paid`;
}

/** Rows (country, reg, cents, subs) over the span, to be summed by country. */
export function countriesSql(span: Span, whose: Whose): SQL {
  return sql`
    ${bucketRows(
      span,
      'staff_stats_country_days',
      whose,
      (sign) =>
        sql`r.country, ${sign} * r.registrations as reg, ${sign} * r.donations_cents as cents, ${sign} * r.subscriptions as subs`,
    )}
    union all
    select country, 1, 0, 0 from edge_joined
    union all
    select country, 0, case when kind = 'donation' then amount_cents else 0 end, (kind = 'subscription')::int from edge_paid`;
}

/** Microseconds to whole minutes, as the statistics show them. */
export const minutesOf = (us: SQL) => sql`round(${us}::numeric / 60000000)::int`;
