import type { BenchArea } from './types';
import { must } from '../must';

const ACTORS = 200;
const SUBJECTS = 20_000;
const ENTRIES = 1_000_000;
const KINDS = [
  'lead_created',
  'user_blocked',
  'user_unblocked',
  'user_given_away',
  'consultant_settings_updated',
  'work_times_updated',
  'task_completed',
  'ticket_taken',
];

/**
 * The admin's action history at the volume of issue #8: 1,000,000 entries over the last year, made by
 * 200 employees (the demo consultant among them) about 20,000 users. Measured: the first page filtered
 * by one actor, as the admin opens it from the roster.
 */
export const admin: BenchArea = {
  name: 'admin',
  seed: async ({ pool }) => {
    await pool.query(
      `insert into users (email, first_name, last_name, role, promo_code, email_activation, date_joined, time_zone)
       select 'actor' || g || '@bench.atrium', 'Actor', 'No ' || g, 'consultant', 'ACTORB' || g, true, now() - make_interval(days => 400 + g), 'Europe/Berlin'
       from generate_series(1, ${ACTORS - 1}) g`,
    );
    await pool.query(
      // Registered over the last two years, as users with a year of history would be: 20,000 users who
      // all joined in the second of the seed made "today" of every statistics call read them one by one.
      `insert into users (email, first_name, last_name, promo_code, lead_status, date_joined, time_zone)
       select 'subject' || g || '@bench.atrium', 'Subject', 'No ' || g, 'SUBJB' || g, 'processing', now() - make_interval(mins => 50 * g), 'Europe/Berlin'
       from generate_series(1, ${SUBJECTS}) g`,
    );
    const actors = (
      await pool.query<{ id: number }>(`select id from users where role = 'consultant' order by id`)
    ).rows.map((r) => r.id);
    const first = must(
      (await pool.query<{ id: number }>(`select min(id) as id from users where email like 'subject%@bench.atrium'`))
        .rows[0],
    ).id;
    await pool.query(
      `insert into action_logs (actor_id, subject_id, kind, details, created_at)
       select ($1::int[])[1 + g % array_length($1::int[], 1)], $2::int + g % ${SUBJECTS}, ($3::text[])[1 + g % ${KINDS.length}],
              jsonb_build_object('bench', g), now() - make_interval(secs => g * 31)
       from generate_series(1, ${ENTRIES}) g`,
      [actors, first, KINDS],
    );
  },
  scenarios: async ({ pool }) => {
    const { rows } = await pool.query<{ id: number }>(`select id from users where email = 'consultant@demo.atrium'`);
    const actor = must(rows[0]).id;
    return [
      {
        name: 'action history by actor',
        method: 'POST',
        path: `/api/accounts/user/action_logs/?page=1&actor_id=${actor}`,
        body: {},
        as: 'admin@demo.atrium',
        p50: 20,
        p99: 100,
      },
    ];
  },
};
