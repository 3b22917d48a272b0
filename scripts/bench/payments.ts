import type { BenchArea } from './types';
import { must } from '../must';

const USERS = 2_000;
const PAYMENTS = 200_000;

/**
 * Payments at the volume of ARCHITECTURE.md: 200,000 payments (donations, subscriptions, books;
 * online and manual, in every state) of 2,000 members looked after by the demo consultant, and a
 * member with 300 donations and a subscription history of 24 periods.
 */
export const payments: BenchArea = {
  name: 'payments',
  seed: async ({ pool, memberId }) => {
    const { rows: c } = await pool.query<{ id: number }>(`select id from users where email = 'consultant@demo.atrium'`);
    await pool.query(
      `insert into users (email, first_name, last_name, role, responsible_id, email_activation, lead_status, promo_code, date_joined, time_zone)
       select 'payer' || g || '@bench.atrium', 'Payer', 'No ' || g, 'member', $1, true, 'active', 'PAYBENCH' || g, now() - make_interval(days => 400, mins => g), 'Europe/Berlin'
       from generate_series(1, ${USERS}) g`,
      [must(c[0]).id],
    );
    await pool.query(
      `insert into payments (user_id, kind, state, amount_cents, method, provider, provider_ref, paid_at, created_at, proof_file, paid_at_claimed)
       select u.ids[1 + g % ${USERS}],
         (array['donation', 'donation', 'subscription', 'book'])[1 + g % 4],
         (array['paid', 'paid', 'paid', 'pending', 'canceled', 'failed'])[1 + g % 6],
         100 + g % 50000,
         case when g % 5 = 0 then 'bank_transfer' else 'card' end,
         case when g % 5 = 0 then 'manual' else 'sandbox' end,
         case when g % 5 = 0 then null else 'sbx_bench_' || g end,
         case when g % 6 < 3 then now() - make_interval(mins => g) end,
         now() - make_interval(mins => g),
         case when g % 5 = 0 then '/media/documents/bench.pdf' end,
         case when g % 5 = 0 then now() - make_interval(mins => g + 5) end
       from generate_series(1, ${PAYMENTS}) g,
         (select array_agg(id order by id) as ids from users where email like 'payer%@bench.atrium') u`,
    );
    await pool.query(
      `insert into payments (user_id, kind, state, amount_cents, method, provider, provider_ref, paid_at, created_at)
       select $1, 'donation', case when g % 3 = 0 then 'pending' else 'paid' end, 500 + g, 'card', 'sandbox', 'sbx_member_' || g,
         case when g % 3 = 0 then null else now() - make_interval(days => g) end, now() - make_interval(days => g)
       from generate_series(1, 300) g`,
      [memberId],
    );
    const { rows: p } = await pool.query<{ id: number }>(`select id from packages order by id limit 1`);
    if (p[0]) {
      await pool.query(
        `with up as (
           insert into user_packages (user_id, package_id, starts_at, ends_at, status)
           select $1, $2, now() - make_interval(months => g), now() - make_interval(months => g - 1), case when g = 1 then 'active' else 'expired' end
           from generate_series(0, 23) g returning id)
         insert into subscription_billing (user_package_id, months, price_cents) select id, 1, 1900 from up`,
        [memberId, p[0].id],
      );
    }
  },
  scenarios: () =>
    Promise.resolve([
      { name: 'my donations', method: 'GET', path: '/api/payments/donations/?page=1', p50: 20, p99: 100 },
      { name: 'my donations', method: 'GET', path: '/api/payments/donations/?page=10', p50: 20, p99: 100 },
      { name: 'subscription', method: 'GET', path: '/api/subscription/info/', p50: 20, p99: 100 },
      { name: 'subscription', method: 'POST', path: '/api/subscription/packages/', body: {}, p50: 20, p99: 100 },
      {
        name: 'payment methods',
        method: 'POST',
        path: '/api/payments/get_payment_methods/',
        body: {},
        p50: 10,
        p99: 50,
      },
    ]),
};
