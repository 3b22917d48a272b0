import type { Json } from './accounts';
import type { TestApp } from './test-app';

/** Shared pieces of the learning API tests (tests/api/learning-*.test.ts). */

/** The same JSON request helper as the accounts tests use. */
export { call as api, type Json } from './accounts';

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function one<T = Json>(t: TestApp, text: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.pool.query(text, params);
  return rows[0] as T;
}

/** A category with `n` lessons (the first `free` of them free), straight in the database. */
export async function makeCategory(
  t: TestApp,
  title: string,
  n: number,
  free = 0,
): Promise<{ id: number; lessons: number[] }> {
  const { id } = await one<{ id: number }>(
    t,
    `insert into lesson_categories (title, "order") values ($1, 100) returning id`,
    [title],
  );
  const lessons: number[] = [];
  for (let i = 1; i <= n; i++) {
    const row = await one<{ id: number }>(
      t,
      `insert into lessons (category_id, title, "order", is_free, duration_seconds, video_url, description, published_at)
       values ($1, $2, $3, $4, 600, 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', '<p>About</p>', now() - make_interval(mins => $3)) returning id`,
      [id, `${title} lesson ${i}`, i, i <= free],
    );
    lessons.push(row.id);
  }
  return { id, lessons };
}

/**
 * A package on sale (active, with a price for the one-month period, as the subscription page lists it)
 * that includes `categoryIds`; answers its id.
 */
export async function sellPackage(t: TestApp, categoryIds: number[]): Promise<number> {
  const pkg = await one<{ id: number }>(t, `insert into packages (name) values ('On sale') returning id`);
  for (const c of categoryIds)
    await t.pool.query('insert into package_categories (package_id, category_id) values ($1, $2)', [pkg.id, c]);
  await t.pool.query(
    `insert into package_terms (package_id, period_id, price_cents)
     select $1, id, 900 from subscription_periods order by months, id limit 1`,
    [pkg.id],
  );
  return pkg.id;
}

export async function grantPackage(
  t: TestApp,
  userId: number,
  categoryIds: number[],
  status = 'active',
): Promise<number> {
  const pkg = await one<{ id: number }>(t, `insert into packages (name) values ('Test package') returning id`);
  for (const c of categoryIds)
    await t.pool.query('insert into package_categories (package_id, category_id) values ($1, $2)', [pkg.id, c]);
  await t.pool.query(`insert into user_packages (user_id, package_id, status) values ($1, $2, $3)`, [
    userId,
    pkg.id,
    status,
  ]);
  return pkg.id;
}
