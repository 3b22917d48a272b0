import type { BenchArea } from './types';
import { must } from '../must';

const CATEGORIES = 50;
const LESSONS = 10_000;
const COMMENTS = 100_000;

/**
 * The learning area at the volumes of the issue: 10,000 lessons in 50 categories, 100,000 comments,
 * and a member who started 40 lessons and finished 25 (no package: most lessons are locked).
 */
export const learning: BenchArea = {
  name: 'learning',
  seed: async ({ pool, memberId }) => {
    await pool.query(`insert into lesson_categories (title, description, "order")
      select 'Bench category ' || g, 'Category ' || g || ' of the bench', 100 + g from generate_series(1, ${CATEGORIES}) g`);
    const { rows } = await pool.query<{ first: number }>(
      `select min(id) as first from lesson_categories where title like 'Bench category %'`,
    );
    const first = must(rows[0]).first;
    await pool.query(
      `insert into lessons (category_id, title, short_description, description, "order", is_free, duration_seconds, video_url, published_at)
       select $1::int + (g % ${CATEGORIES}), 'Bench lesson ' || g || ' ' || substr(md5(g::text), 1, 8), 'Short description ' || g,
         '<p>Lesson ' || g || '</p>', g / ${CATEGORIES}, g % 10 = 0, 300 + g % 900, 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
         now() - make_interval(mins => g)
       from generate_series(1, ${LESSONS}) g`,
      [first],
    );
    const { rows: users } = await pool.query<{ id: number }>('select id from users order by id');
    const ids = users.map((u) => u.id);
    await pool.query(
      `insert into lesson_comments (lesson_id, author_id, text, is_hidden, created_at)
       select l.first + (g % ${LESSONS}), ($1::int[])[1 + g % array_length($1::int[], 1)], 'Bench comment ' || g, g % 50 = 0,
         now() - make_interval(secs => g)
       from generate_series(1, ${COMMENTS}) g, (select min(id) as first from lessons where title like 'Bench lesson %') l`,
      [ids],
    );
    await pool.query(
      `insert into lesson_progress (user_id, lesson_id, position_seconds, duration_seconds, completed, completed_at, updated_at)
       select $1, l.id, 120, l.duration_seconds, n <= 25, case when n <= 25 then now() end, now() - make_interval(mins => n::int)
       from (select id, duration_seconds, row_number() over (order by id) as n from lessons where is_free limit 40) l`,
      [memberId],
    );
    await pool.query(`insert into news (title, summary, body, is_important, published_at)
      select 'Bench news ' || g, 'Summary ' || g, '<p>Body</p>', g % 20 = 0, now() - make_interval(hours => g) from generate_series(1, 2000) g`);
    await pool.query(`insert into events (title, description, starts_at, ends_at, place, time_zone)
      select 'Bench event ' || g, '<p>Event</p>', now() + make_interval(hours => g * 5 - 2000), now() + make_interval(hours => g * 5 - 1998), 'Berlin', 'Europe/Berlin'
      from generate_series(1, 1000) g`);
    await pool.query(`insert into books (title, author, description, price_cents, published_at)
      select 'Bench book ' || g, 'Author ' || g, '<p>Book</p>', 999, now() - make_interval(days => g) from generate_series(1, 300) g`);
  },
  scenarios: async ({ pool }) => {
    const { rows } = await pool.query<{ id: number }>(
      `select id from lesson_categories where title = 'Bench category 7'`,
    );
    const category = must(rows[0]).id;
    const { rows: free } = await pool.query<{ id: number }>(
      `select id from lessons where title like 'Bench lesson %' and is_free order by id limit 1`,
    );
    return [
      { name: 'dashboard', method: 'GET', path: '/api/navigator/lessons/dashboard/', p50: 20, p99: 100 },
      { name: 'dashboard', method: 'GET', path: '/api/news/important/', p50: 20, p99: 100 },
      { name: 'dashboard', method: 'GET', path: '/api/events/nearest/', p50: 20, p99: 100 },
      { name: 'dashboard', method: 'GET', path: '/api/books/new/', p50: 20, p99: 100 },
      {
        name: 'lesson list',
        method: 'POST',
        path: '/api/navigator/lesson/list/?page=1',
        body: { category },
        p50: 20,
        p99: 100,
      },
      {
        name: 'lesson search',
        method: 'POST',
        path: '/api/navigator/lesson/list/?page=1&search=lesson%204321',
        body: { category: null },
        p50: 20,
        p99: 100,
      },
      { name: 'comments', method: 'GET', path: `/api/navigator/comments/?lesson=${must(free[0]).id}` },
    ];
  },
};
