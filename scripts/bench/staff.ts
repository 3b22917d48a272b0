import type { BenchArea } from './types';
import { must } from '../must';

const CONSULTANTS = 500;
const LEADS = 50_000;
const TASKS = 1_000_000;
const PAYMENTS = 200_000;

/**
 * The staff workspace at the volumes of the issue: 500 consultants (the demo consultant among them),
 * 50,000 leads they look after, 1,000,000 tasks over the last year (70 % completed, 10 % canceled),
 * and 200,000 payments of those leads. Measured: the three statistics calls for "month" (an admin's
 * whole-organisation view and one consultant's view-as) and one consultant's task list.
 */
export const staff: BenchArea = {
  name: 'staff',
  seed: async ({ pool }) => {
    await pool.query(
      `insert into users (email, first_name, last_name, role, promo_code, email_activation, rating, time_zone)
       select 'consultant' || g || '@bench.atrium', 'Consultant', 'No ' || g, 'consultant', 'STAFFB' || g, true, 1 + g % 5, 'Europe/Berlin'
       from generate_series(1, ${CONSULTANTS - 1}) g`,
    );
    const { rows } = await pool.query<{ id: number }>(`select id from users where role = 'consultant' order by id`);
    const staffIds = rows.map((r) => r.id);
    await pool.query(
      `insert into users (email, first_name, last_name, country, lead_status, responsible_id, promo_code, date_joined, time_zone)
       select 'lead' || g || '@bench.atrium', 'Lead', 'No ' || g, (array['DE','RU','AT','CH','UA','KZ','US',''])[1 + g % 8],
         (array['processing','active','not_active'])[1 + g % 3], ($1::int[])[1 + g % array_length($1::int[], 1)], 'LEADB' || g,
         now() - make_interval(mins => (g * 10)::int), 'Europe/Berlin'
       from generate_series(1, ${LEADS}) g`,
      [staffIds],
    );
    const { rows: lr } = await pool.query<{ first: number }>(
      `select min(id) as first from users where email like 'lead%@bench.atrium'`,
    );
    const firstLead = must(lr[0]).first;
    // Owner and linked lead belong together (each lead's responsible consultant does its tasks). A
    // task's status and time come from `mix`, not from g alone: g % 10 is the same for all of a
    // lead's tasks (LEADS is a multiple of 10), which gave every consultant's leads one status only.
    await pool.query(
      `insert into tasks (owner_id, linked_user_id, type, status, start_at, end_at, completed_at, canceled_at, description, result, created_at, updated_at)
       select u.responsible_id, u.id, (array['meet','call','message'])[1 + g % 3],
         case when m.mix < 7 then 'completed' when m.mix = 7 then 'canceled' else 'planned' end,
         s.at, s.at + interval '30 minutes',
         case when m.mix < 7 then s.at + interval '40 minutes' end, case when m.mix = 7 then s.at end,
         'Bench task ' || g, case when m.mix < 7 then 'Done' end, s.at - interval '1 day', s.at
       from generate_series(1, ${TASKS}) g
       join users u on u.id = $1::int + (g % ${LEADS})
       cross join lateral (select (g + g / ${LEADS}) % 10 as mix) m
       cross join lateral (select case when m.mix >= 8 then now() + make_interval(mins => (g % 20000)::int)
                                       else now() - make_interval(mins => (g % 525600)::int) end as at) s`,
      [firstLead],
    );
    await pool.query(
      `insert into payments (user_id, kind, state, amount_cents, method, provider, provider_ref, paid_at, created_at)
       select $1::int + (g % ${LEADS}), case when g % 4 = 0 then 'subscription' else 'donation' end,
         case when m.mix < 8 then 'paid' else 'pending' end, 500 + g % 10000, 'card', 'sandbox', 'staffbench' || g,
         case when m.mix < 8 then now() - make_interval(mins => (g * 2.6)::int) end, now() - make_interval(mins => (g * 2.6)::int)
       from generate_series(1, ${PAYMENTS}) g
       cross join lateral (select (g + g / ${LEADS}) % 10 as mix) m`,
      [firstLead],
    );
  },
  scenarios: async ({ pool }) => {
    const { rows } = await pool.query<{ id: number }>(`select id from users where email = 'consultant@demo.atrium'`);
    const consultant = must(rows[0]).id;
    const month = { period: 'month' };
    const admin = 'admin@demo.atrium';
    return [
      {
        name: 'statistics',
        method: 'POST',
        path: '/api/accounts/dashboard/statistics/',
        body: month,
        as: admin,
        p50: 100,
        p99: 400,
      },
      {
        name: 'statistics view-as',
        method: 'POST',
        path: '/api/accounts/dashboard/statistics/',
        body: { ...month, user_id: consultant },
        as: admin,
        p50: 100,
        p99: 400,
      },
      {
        name: 'by countries',
        method: 'POST',
        path: '/api/accounts/dashboard/statistics_by_countries/',
        body: month,
        as: admin,
        p50: 100,
        p99: 400,
      },
      {
        name: 'staff statistics',
        method: 'POST',
        path: '/api/accounts/dashboard/staff_statistics/?page=1',
        body: month,
        as: admin,
        p50: 100,
        p99: 400,
      },
      {
        name: 'task list',
        method: 'POST',
        path: '/api/user_tasks/list/?tab=today',
        body: {},
        as: 'consultant@demo.atrium',
        p50: 20,
        p99: 100,
      },
      {
        name: 'task list completed',
        method: 'POST',
        path: '/api/user_tasks/list/?tab=completed',
        body: {},
        as: 'consultant@demo.atrium',
        p50: 20,
        p99: 100,
      },
    ];
  },
};
