import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json } from '../setup/learning';
import { makeEmployee, makeLead } from '../setup/staff';
import { createUsers } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The statistics read roll-ups kept by triggers (migrations 0017, 0019). Here every answer is checked
 * against the figures computed straight from tasks, payments and users, for many periods and time
 * zones (whole-hour, half-hour and 45-minute offsets, a DST change), before and after the writes the
 * triggers must follow; and the roll-ups must equal a rebuild from scratch.
 */

let t: TestApp;
type Emp = Awaited<ReturnType<typeof makeEmployee>>;
let boss: Emp;
let cons: Emp;
let junior: Emp;
let other: Emp;

const q = async <T = Json>(text: string, params: unknown[] = []) => (await t.pool.query(text, params)).rows as T[];

/** Leads of the three consultants (and some of nobody) with tasks and payments around 2026-03-29 and around now. */
async function seed() {
  const owners = [cons.id, junior.id, other.id];
  for (let i = 0; i < 36; i++) {
    const joined = i % 2 ? new Date(Date.UTC(2026, 2, 27, 0, 0) + i * 7_919_000) : new Date(Date.now() - i * 5_003_000);
    await makeLead(t, {
      responsibleId: i % 6 === 5 ? null : owners[i % 3]!,
      country: ['DE', 'AT', '', 'NP'][i % 4],
      joined,
    });
  }
  // Tasks: owners are usually the lead's responsible, sometimes not; durations with odd seconds.
  await t.pool.query(
    `insert into tasks (owner_id, linked_user_id, type, status, start_at, end_at, completed_at, description)
     select case when g % 7 = 0 then ($1::int[])[1 + g % 3] else coalesce(u.responsible_id, ($1::int[])[1]) end, case when g % 11 = 0 then null else u.id end,
       (array['meet','call','message'])[1 + g % 3],
       case when g % 5 = 4 then 'planned' else 'completed' end,
       at, at + make_interval(secs => 10.5 + (g * 37) % 3600), case when g % 5 = 4 then null else at + interval '1 hour' end, 'x'
     from generate_series(1, 400) g
     join lateral (select id, responsible_id, date_joined from users where email like 'l%@lead.atrium' order by id offset g % 36 limit 1) u on true
     cross join lateral (select case when g % 2 = 0 then timestamptz '2026-03-26 00:00Z' + make_interval(mins => g * 47)
                                     else now() - make_interval(mins => g * 53) end as at) s`,
    [owners],
  );
  await t.pool.query(
    `insert into payments (user_id, kind, state, amount_cents, method, provider, provider_ref, paid_at)
     select u.id, (array['donation','subscription','book'])[1 + g % 3], case when g % 4 = 3 then 'pending' else 'paid' end, 100 + g * 13, 'card', 'sandbox',
       'rollup' || g, case when g % 4 = 3 then null when g % 2 = 0 then timestamptz '2026-03-27 00:00Z' + make_interval(mins => g * 61)
                           else now() - make_interval(mins => g * 43) end
     from generate_series(1, 150) g
     join lateral (select id from users where email like 'l%@lead.atrium' order by id offset g % 36 limit 1) u on true`,
  );
}

/** [start, end) of the local days from..to in the time zone. */
async function bounds(from: string, to: string, tz: string) {
  const [b] = await q<{ s: Date; e: Date }>(
    `select ($1::date::timestamp at time zone $3) as s, (($2::date + 1)::timestamp at time zone $3) as e`,
    [from, to, tz],
  );
  return b!;
}

type Figures = {
  completed_tasks: number;
  time_spent: number;
  donations_cents: number;
  new_subscriptions: number;
  new_registrations: number;
  tasks_of_new_registrations: number;
};

/** The six figures straight from the base tables; `id` null: the whole organisation. */
async function oracle(id: number | null, s: Date, e: Date): Promise<Figures> {
  const own = id === null ? 'true' : 't.owner_id = $3';
  const resp = id === null ? 'true' : 'u.responsible_id = $3';
  const [r] = await q<Figures>(
    `select
       (select count(*) from tasks t where t.status = 'completed' and t.completed_at >= $1 and t.completed_at < $2 and ${own})::int as completed_tasks,
       (select coalesce(round(sum(extract(epoch from (t.end_at - t.start_at))) / 60), 0) from tasks t
         where t.status = 'completed' and t.completed_at >= $1 and t.completed_at < $2 and t.type in ('meet', 'call') and t.end_at > t.start_at and ${own})::int as time_spent,
       (select coalesce(sum(p.amount_cents), 0) from payments p join users u on u.id = p.user_id
         where p.state = 'paid' and p.kind = 'donation' and p.paid_at >= $1 and p.paid_at < $2 and ${resp})::int as donations_cents,
       (select count(*) from payments p join users u on u.id = p.user_id
         where p.state = 'paid' and p.kind = 'subscription' and p.paid_at >= $1 and p.paid_at < $2 and ${resp})::int as new_subscriptions,
       (select count(*) from users u where u.date_joined >= $1 and u.date_joined < $2 and ${resp})::int as new_registrations,
       (select count(*) from tasks t join users u on u.id = t.linked_user_id
         where t.status = 'completed' and t.completed_at >= $1 and t.completed_at < $2 and u.date_joined >= $1 and u.date_joined < $2
           and ${id === null ? 'true' : 't.owner_id = $3 and u.responsible_id = $3'})::int as tasks_of_new_registrations`,
    id === null ? [s, e] : [s, e, id],
  );
  return r!;
}

async function countriesOracle(id: number | null, s: Date, e: Date) {
  const resp = id === null ? 'true' : 'u.responsible_id = $3';
  return q(
    `select country, sum(r)::int as registrations, to_char(sum(c) / 100.0, 'FM999999990.00') as donations_sum, sum(x)::int as subscriptions from (
       select u.country, 1 as r, 0 as c, 0 as x from users u where u.date_joined >= $1 and u.date_joined < $2 and ${resp}
       union all
       select u.country, 0, case when p.kind = 'donation' then p.amount_cents else 0 end, (p.kind = 'subscription')::int
       from payments p join users u on u.id = p.user_id
       where p.state = 'paid' and p.paid_at >= $1 and p.paid_at < $2 and p.kind in ('donation', 'subscription') and ${resp}) a
     group by country order by 2 desc, sum(c) desc, 1`,
    id === null ? [s, e] : [s, e, id],
  );
}

const post = async (token: string, path: string, body: Json) => {
  const res = await api(t, 'POST', path, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const PERIODS: Json[] = [
  { period: 'today' },
  { period: 'week' },
  { period: 'month' },
  { period: 'quarter' },
  { period: 'year' },
  { period: 'range', date_from: '2026-03-28', date_to: '2026-03-29' },
  { period: 'range', date_from: '2026-03-26', date_to: '2026-04-03' },
  { period: 'range', date_from: '2026-03-01', date_to: '2026-05-31' },
  { period: 'range', date_from: '2020-01-01', date_to: '2099-12-31' },
];
const ZONES = ['Europe/Berlin', 'UTC', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Kiritimati'];

/** Every period and zone: the admin's, a view-as and a consultant's own figures, countries and the staff table. */
async function expectExact() {
  let checked = 0;
  for (const tz of ZONES) {
    await t.pool.query(`update users set time_zone = $1 where id = any($2)`, [
      tz,
      [boss.id, cons.id, junior.id, other.id],
    ]);
    for (const period of PERIODS) {
      const org = await post(boss.token, '/api/accounts/dashboard/statistics/', period);
      const { s, e } = await bounds(org.date_from, org.date_to, tz);
      const want = await oracle(null, s, e);
      const tag = `${tz} ${JSON.stringify(period)}`;
      expect(
        {
          completed_tasks: org.completed_tasks.value,
          time_spent: org.time_spent.value,
          donations_cents: Math.round(Number(org.donations_sum.value) * 100),
          new_subscriptions: org.new_subscriptions.value,
          new_registrations: org.new_registrations.value,
          tasks_of_new_registrations: org.tasks_of_new_registrations.value,
        },
        tag,
      ).toEqual(want);
      const asCons = await post(boss.token, '/api/accounts/dashboard/statistics/', { ...period, user_id: cons.id });
      const wantCons = await oracle(cons.id, s, e);
      expect(
        [
          asCons.completed_tasks.value,
          asCons.time_spent.value,
          asCons.new_registrations.value,
          asCons.tasks_of_new_registrations.value,
        ],
        tag,
      ).toEqual([
        wantCons.completed_tasks,
        wantCons.time_spent,
        wantCons.new_registrations,
        wantCons.tasks_of_new_registrations,
      ]);
      expect([Math.round(Number(asCons.donations_sum.value) * 100), asCons.new_subscriptions.value], tag).toEqual([
        wantCons.donations_cents,
        wantCons.new_subscriptions,
      ]);
      const own = await post(junior.token, '/api/accounts/dashboard/statistics/', period);
      expect(own.completed_tasks.value, tag).toBe((await oracle(junior.id, s, e)).completed_tasks);

      expect(await post(boss.token, '/api/accounts/dashboard/statistics_by_countries/', period), tag).toEqual(
        await countriesOracle(null, s, e),
      );
      expect(
        await post(boss.token, '/api/accounts/dashboard/statistics_by_countries/', { ...period, user_id: other.id }),
        tag,
      ).toEqual(await countriesOracle(other.id, s, e));

      // Ranked by another figure, tasks of new registrations are read for the page only; ranked by them, for everyone first.
      for (const ordering of ['last_name', '-tasks_of_new_registrations']) {
        const staff = await post(
          boss.token,
          `/api/accounts/dashboard/staff_statistics/?page_size=200&ordering=${ordering}`,
          period,
        );
        for (const emp of [boss, cons, junior, other]) {
          const row = staff.results.find((r: Json) => r.user.id === emp.id);
          const w = await oracle(emp.id, s, e);
          expect(
            [
              row.completed_tasks,
              row.time_spent,
              Math.round(Number(row.donations_sum) * 100),
              row.new_subscriptions,
              row.new_registrations,
              row.tasks_of_new_registrations,
            ],
            `${tag} staff ${emp.id} ${ordering}`,
          ).toEqual([
            w.completed_tasks,
            w.time_spent,
            w.donations_cents,
            w.new_subscriptions,
            w.new_registrations,
            w.tasks_of_new_registrations,
          ]);
        }
      }
      // A consultant's structure (their own roll-up rows only), one employee per page.
      const juniorRow = await post(
        cons.token,
        '/api/accounts/dashboard/staff_statistics/?page_size=1&ordering=-last_name',
        period,
      );
      expect(juniorRow.count, tag).toBe(2);
      const wj = await oracle(juniorRow.results[0].user.id, s, e);
      expect(
        [juniorRow.results[0].completed_tasks, juniorRow.results[0].tasks_of_new_registrations],
        `${tag} structure`,
      ).toEqual([wj.completed_tasks, wj.tasks_of_new_registrations]);
      checked++;
    }
  }
  return checked;
}

/** The roll-ups equal what staff_stats_rebuild() computes from the base tables (rows of zeros aside). */
async function expectConsistent() {
  const snapshot = async () => ({
    days: await q(
      `select * from staff_stats_days where (completed_tasks, time_spent_us, registrations, donations_cents, subscriptions) <> (0, 0, 0, 0, 0) order by employee_id, grain, bucket`,
    ),
    countries: await q(
      `select * from staff_stats_country_days where (registrations, donations_cents, subscriptions) <> (0, 0, 0) order by employee_id, grain, bucket, country`,
    ),
    fresh: await q(`select * from staff_stats_fresh where tasks <> 0 order by employee_id, joined_day, completed_day`),
  });
  const kept = await snapshot();
  await t.pool.query('select staff_stats_rebuild()');
  const rebuilt = await snapshot();
  expect(kept.days.length).toBeGreaterThan(0);
  expect(kept).toEqual(rebuilt);
}

beforeAll(async () => {
  t = await createTestApp();
  boss = await makeEmployee(t, { role: 'admin' });
  cons = await makeEmployee(t);
  junior = await makeEmployee(t, { referrerId: cons.id });
  other = await makeEmployee(t);
  await seed();
});
afterAll(async () => t.close());

describe('statistics roll-ups', () => {
  it('answer exactly what the base tables say, in every period and time zone', async () => {
    expect(await expectExact()).toBe(PERIODS.length * ZONES.length);
    await expectConsistent();
  }, 120_000);

  it('follow every write: completions, reopenings, owners, links, payments, responsibles, countries, join dates, deletions', async () => {
    const leads = (await q<{ id: number }>(`select id from users where email like 'l%@lead.atrium' order by id`)).map(
      (r) => r.id,
    );
    await t.pool.query(
      `update tasks set status = 'completed', completed_at = now() - interval '5 minutes' where status = 'planned' and id % 3 = 0`,
    );
    await t.pool.query(
      `update tasks set status = 'planned', completed_at = null where status = 'completed' and id % 13 = 0`,
    );
    await t.pool.query(`update tasks set owner_id = $1 where id % 4 = 1`, [other.id]);
    await t.pool.query(`update tasks set linked_user_id = $1 where id % 9 = 2`, [leads[3]]);
    await t.pool.query(`update tasks set end_at = end_at + interval '29.75 seconds', type = 'call' where id % 8 = 3`);
    await t.pool.query(`update tasks set description = 'only the text' where id % 2 = 0`);
    await t.pool.query(`delete from tasks where id % 17 = 0`);
    await t.pool.query(
      `update payments set state = 'paid', paid_at = now() - interval '2 hours' where state = 'pending' and id % 2 = 0`,
    );
    await t.pool.query(`update payments set state = 'canceled' where state = 'paid' and id % 7 = 0`);
    await t.pool.query(`update payments set kind = 'donation', amount_cents = amount_cents + 1 where id % 5 = 1`);
    await t.pool.query(`update payments set user_id = $1 where id % 6 = 4`, [leads[10]]);
    await t.pool.query(`delete from payments where id % 19 = 0`);
    // A hand-over of every lead of one consultant, a country and join dates, a lead given up.
    await t.pool.query(`update users set responsible_id = $1 where responsible_id = $2`, [other.id, junior.id]);
    await t.pool.query(`update users set country = 'CH' where id = any($1)`, [leads.slice(0, 5)]);
    await t.pool.query(`update users set date_joined = date_joined - interval '26 hours' where id = any($1)`, [
      leads.slice(5, 12),
    ]);
    await t.pool.query(`update users set responsible_id = null where id = $1`, [leads[13]]);
    // Deletions: leads (their payments go, their tasks lose the link) and a consultant (their tasks go, their leads lose them).
    await t.pool.query(`delete from users where id = any($1)`, [leads.slice(20, 23)]);
    const gone = await makeEmployee(t, { login: false });
    await t.pool.query(`update users set responsible_id = $1 where id = any($2)`, [gone.id, leads.slice(24, 28)]);
    await t.pool.query(`update tasks set owner_id = $1 where linked_user_id = any($2)`, [gone.id, leads.slice(24, 28)]);
    await t.pool.query(`delete from users where id = $1`, [gone.id]);
    // New rows in one statement each, as bulk imports write them.
    await createUsers(
      t.db,
      Array.from({ length: 20 }, (_, i) => ({
        email: `bulk${i + 1}@lead.atrium`,
        firstName: 'Bulk',
        lastName: 'Lead',
        responsibleId: cons.id,
        country: 'NP',
        dateJoined: new Date(Date.now() - (i + 1) * 17 * 60_000),
      })),
    );
    await t.pool.query(
      `insert into tasks (owner_id, linked_user_id, type, status, start_at, end_at, completed_at, description)
       select $1, u.id, 'meet', 'completed', now() - interval '3 hours', now() - interval '2 hours', now() - make_interval(mins => g), 'bulk'
       from generate_series(1, 20) g join users u on u.email = 'bulk' || g || '@lead.atrium'`,
      [cons.id],
    );
    await expectConsistent();
    await expectExact();
  }, 180_000);

  it('rebuild after a TRUNCATE of the base tables', async () => {
    await t.pool.query('truncate payments cascade');
    const [r] = await q<{ n: number }>(
      `select coalesce(sum(donations_cents), 0)::int as n from staff_stats_days where employee_id = 0 and grain = 'month'`,
    );
    expect(r!.n).toBe(0);
    await expectConsistent();
  });
});
