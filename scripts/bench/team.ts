import type pg from 'pg';
import type { BenchArea } from './types';
import { must } from '../must';

const TREE = 100_000;
const SPINE = 30;
const OWNERS = 10_000;
const CONTACTS = 1_000_000;
const PAYMENTS = 20_000;
const NAMES = [
  'Anna',
  'Boris',
  'Clara',
  'Dmitri',
  'Elena',
  'Fjodor',
  'Galina',
  'Hans',
  'Irina',
  'Jakob',
  'Katja',
  'Lars',
  'Mila',
  'Nikolai',
  'Olga',
  'Pavel',
];

/** Drops a table's secondary indexes, runs `load`, then builds them again (bulk loads are far faster so). */
async function withoutIndexes(pool: pg.Pool, table: string, load: () => Promise<unknown>) {
  const { rows } = await pool.query<{ name: string; def: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as def
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     where t.relname = $1 and not x.indisprimary and not x.indisunique`,
    [table],
  );
  for (const r of rows) await pool.query(`drop index "${r.name}"`);
  await load();
  for (const r of rows) await pool.query(r.def);
}

/**
 * The team area at the volumes of issue #6: a 100,000-user referral tree under the demo member (a spine
 * of 30 levels, the rest a random recursive tree hanging off it, so most branches are a few levels
 * deep and one goes to the bottom), 20,000 paid donations over the last two months, tags in groups;
 * and 1,000,000 contacts over 10,000 owners (the member among them, 100 each).
 * The tree is loaded with the users' triggers off and then rebuilt once by team_rebuild_tree().
 */
export const team: BenchArea = {
  name: 'team',
  seed: async ({ pool, memberId }) => {
    const { rows } = await pool.query<{ base: number }>('select max(id) as base from users');
    const base = must(rows[0]).base;
    await pool.query('alter table users disable trigger user');
    try {
      await pool.query(
        `insert into users (id, email, first_name, last_name, city, country, promo_code, referrer_id, lead_status, role, date_joined, time_zone)
         select $1::int + g, 'tree' || g || '@bench.atrium', ($3::text[])[1 + g % ${NAMES.length}],
           'Tree' || substr(md5(g::text), 1, 6), 'City ' || (g % 50), 'DE', 'BENCH' || g,
           case when g = 1 then $2::int
                when g <= ${SPINE} then $1::int + g - 1
                else coalesce(nullif(floor(random() * g)::int, 0) + $1::int, $2::int) end,
           (array['waiting', 'processing', 'active', 'not_active'])[1 + g % 4], 'member',
           now() - make_interval(mins => ${TREE} - g), 'Europe/Berlin'
         from generate_series(1, ${TREE}) g`,
        [base, memberId, NAMES],
      );
      await pool.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    } finally {
      await pool.query('alter table users enable trigger user');
    }
    await pool.query('select team_rebuild_tree()');

    await pool.query(`insert into tag_groups (name) select 'Bench group ' || g from generate_series(1, 4) g`);
    await pool.query(
      `insert into tags (name, group_id) select 'Bench tag ' || g, (select min(id) from tag_groups) + g % 4 from generate_series(1, 20) g`,
    );
    await pool.query(
      `insert into user_tags (user_id, tag_id)
       select $1::int + g, (select min(id) from tags) + g % 20 from generate_series(1, ${TREE}, 3) g`,
      [base],
    );
    // The donations' per-row trigger adds each to its ~28 ancestors' totals: 20,000 of them in one
    // statement rewrote the top ancestors' rows 20,000 times each (over 10 minutes). Loaded without it,
    // the totals are then summed once, as migration 0020 fills them.
    await pool.query('alter table payments disable trigger payments_team_donations_ins');
    try {
      await pool.query(
        `insert into payments (user_id, kind, state, amount_cents, method, provider, paid_at, created_at)
         select $1::int + 1 + (g * 7919) % ${TREE}, 'donation', 'paid', 500 + g % 5000, 'card', 'sandbox',
           date_trunc('month', now()) - interval '1 month' + make_interval(mins => g * 4), now()
         from generate_series(1, ${PAYMENTS}) g`,
        [base],
      );
    } finally {
      await pool.query('alter table payments enable trigger payments_team_donations_ins');
    }
    await pool.query(
      `insert into team_donation_totals (ancestor_id, month, cents)
       select a, month, sum(cents) from (
         select unnest(team_ancestor_ids(u.path)) as a, team_donation_month(p.paid_at) as month, p.amount_cents::bigint as cents
         from payments p join users u on u.id = p.user_id
         where p.user_id > $1 and p.kind = 'donation' and p.state = 'paid' and p.paid_at is not null
       ) s group by a, month
       on conflict (ancestor_id, month) do update set cents = team_donation_totals.cents + excluded.cents`,
      [base],
    );

    // Owners: the member and 9,999 users of the tree, 100 contacts each.
    await withoutIndexes(pool, 'contacts', () =>
      pool.query(
        `insert into contacts (owner_id, first_name, last_name, phone, email, city, notes, status, created_at)
         select case when g % ${OWNERS} = 0 then $2::int else $1::int + g % ${OWNERS} end,
           ($3::text[])[1 + (g / ${OWNERS}) % ${NAMES.length}], 'Contact' || substr(md5(g::text), 1, 8),
           '+49301' || lpad((g % 10000000)::text, 7, '0'), 'c' || g || '@example.com', 'City ' || (g % 50), '', 1 + g % 4,
           now() - make_interval(secs => g)
         from generate_series(1, ${CONTACTS}) g`,
        [base, memberId, NAMES],
      ),
    );
  },
  scenarios: async ({ pool, memberId }) => {
    const { rows } = await pool.query<{ id: number }>(
      `select id from users where referrer_id is not null and path <@ (select path from users where id = $1) and nlevel(path) = (select nlevel(path) + 15 from users where id = $1) order by children_count desc limit 1`,
      [memberId],
    );
    const deep = must(rows[0]).id;
    return [
      { name: 'contacts search', method: 'GET', path: '/api/contacts/?search=anna&page=1', p50: 20, p99: 100 },
      {
        name: 'structure (root)',
        method: 'POST',
        path: '/api/team/get_my_structure_users/?page=1&page_size=25',
        body: {},
        p50: 50,
        p99: 200,
      },
      {
        name: 'structure search',
        method: 'POST',
        path: '/api/team/get_my_structure_users/?page=1&page_size=25',
        body: { search: 'treea1b' },
        // Issue 41: 20 ms at this tree.
        p50: 20,
        p99: 200,
      },
      { name: 'get_children (root)', method: 'GET', path: '/api/team/get_children/', p50: 10, p99: 50 },
      { name: 'get_children (level 15)', method: 'GET', path: `/api/team/get_children/${deep}/`, p50: 10, p99: 50 },
    ];
  },
};
