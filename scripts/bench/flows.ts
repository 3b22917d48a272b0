import type { BenchArea } from './types';
import { must } from '../must';

const OTHER_FLOWS = 20_000;
const MEMBER_FLOWS = 20;
const DAYS = 365;

/**
 * Funnels: 20,000 flows of other owners, the member's 20 flows with 12 elements each and a year of
 * daily stats, one of them published as /l/bench-landing (heading, texts, image, video, button, form).
 */
export const flows: BenchArea = {
  name: 'flows',
  seed: async ({ pool, memberId }) => {
    await pool.query(
      `insert into flows (owner_id, name, landing_name, is_published, created_at)
       select u.id, 'Other flow ' || g, 'other-' || g, g % 3 = 0, now() - make_interval(mins => g)
       from generate_series(1, ${OTHER_FLOWS}) g, (select id from users where id <> $1 order by id limit 1) u`,
      [memberId],
    );
    await pool.query(
      `insert into flows (owner_id, name, landing_name, is_published, created_at)
       select $1, 'Bench flow ' || g, case when g = 1 then 'bench-landing' else 'bench-' || g end, g = 1, now() - make_interval(days => g)
       from generate_series(1, ${MEMBER_FLOWS}) g`,
      [memberId],
    );
    await pool.query(
      `insert into landing_elements (flow_id, type, position, content)
       select f.id, t.type, t.pos, t.content
       from flows f, (values
         (0, 'heading', '{"text":"Grow with us","level":1}'::jsonb),
         (1, 'text', '{"html":"<p>Lorem <strong>ipsum</strong> dolor sit amet, <a href=\\"https://example.com/\\" rel=\\"noopener noreferrer nofollow\\">consectetur</a>.</p><ul><li>One</li><li>Two</li></ul>"}'::jsonb),
         (2, 'image', '{"image":"/media/images/00000000-0000-0000-0000-000000000000.png","alt":"Team","caption":"","link":null}'::jsonb),
         (3, 'video', '{"url":"https://www.youtube.com/watch?v=aqz-KE-bpKQ","caption":"Intro"}'::jsonb),
         (4, 'countdown', '{"target_at":"2099-01-01T00:00:00.000Z","title":"Starts in","expired_text":"Started"}'::jsonb),
         (5, 'button', '{"label":"Join","link":"#form"}'::jsonb),
         (6, 'heading', '{"text":"What you get","level":2}'::jsonb),
         (7, 'text', '{"html":"<p>More text about the offer.</p>"}'::jsonb),
         (8, 'heading', '{"text":"Stories","level":2}'::jsonb),
         (9, 'text', '{"html":"<p>Our members say good things.</p>"}'::jsonb),
         (10, 'button', '{"label":"Read more","link":"https://example.com/more"}'::jsonb),
         (11, 'lead_form', '{"title":"Sign up","fields":[{"name":"first_name","label":"","required":true},{"name":"email","label":"","required":true},{"name":"phone","label":"","required":false}],"button_label":"","success_message":""}'::jsonb)
       ) as t(pos, type, content)
       where f.owner_id = $1`,
      [memberId],
    );
    await pool.query(
      `insert into flow_daily_stats (flow_id, day, views, signups)
       select f.id, current_date - d, 50 + (d * 7) % 40, d % 5 from flows f, generate_series(0, ${DAYS - 1}) d where f.owner_id = $1`,
      [memberId],
    );
    await pool.query(
      `update flows f set views_total = s.v, signups_total = s.s
       from (select flow_id, sum(views)::int v, sum(signups)::int s from flow_daily_stats group by flow_id) s where s.flow_id = f.id`,
    );
  },
  scenarios: async ({ pool }) => {
    const { rows } = await pool.query<{ id: number }>(`select id from flows where landing_name = 'bench-landing'`);
    const id = must(rows[0]).id;
    return [
      { name: 'flows list', method: 'GET', path: '/api/user_flows/', p50: 20, p99: 100 },
      { name: 'flows editor', method: 'GET', path: `/api/user_flows/landing_edit/${id}/`, p50: 20, p99: 100 },
      { name: 'flows stats', method: 'GET', path: `/api/user_flows/stats/${id}/?days=90`, p50: 20, p99: 100 },
      {
        name: 'flows name check',
        method: 'POST',
        path: '/api/user_flows/landing_edit/check_unique_name/',
        body: { name: 'other-15000' },
        p50: 20,
        p99: 100,
      },
      { name: 'flows public page', method: 'GET', path: '/l/bench-landing', p50: 20, p99: 100 },
    ];
  },
};
