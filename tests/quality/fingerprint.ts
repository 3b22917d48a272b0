import type pg from 'pg';

/**
 * Tables whose rows change on any authenticated request or attempt, by design: session
 * last-seen times, and the rate limits' counts of attempts (a refused upload counts against the
 * avatar limit: a multipart body is read after the limit is checked). Everything else must stay
 * byte-identical across a refused request.
 */
const VOLATILE = new Set(['sessions', 'rate_limit_hits', '__drizzle_migrations']);

/** One query that hashes every row of every table in `public`: equal fingerprints ⇒ no data changed. */
export async function fingerprintQuery(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts = rows
    .map((r) => r.table_name)
    .filter((t) => !VOLATILE.has(t))
    .map((t) => `select '${t}' as t, count(*) as n, coalesce(sum(hashtext(x::text)::bigint), 0) as h from "${t}" x`);
  return `select string_agg(t || ':' || n || ':' || h, ',' order by t) as fp from (${parts.join(' union all ')}) s`;
}

export async function fingerprint(pool: pg.Pool, query: string): Promise<string> {
  const { rows } = await pool.query<{ fp: string }>(query);
  return rows[0]!.fp;
}
