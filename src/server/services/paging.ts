import { sql, type SQL } from 'drizzle-orm';

export type PageQuery = { page?: number; page_size?: number };

export type Page<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  current: number;
  total_count: number;
  results: T[];
};

export function pageWindow(q: PageQuery, defaultSize = 20) {
  const page = Math.max(1, q.page ?? 1);
  const size = Math.min(200, Math.max(1, q.page_size ?? defaultSize));
  return { page, size, limit: size, offset: (page - 1) * size };
}

/**
 * `limit … offset …` written into the statement's text rather than passed as parameters. With
 * parameters PostgreSQL cannot see how few rows a page takes, costs a cached generic plan as if it
 * read a tenth of the table, and so plans every call afresh (1 ms and more for a list with joins);
 * with the numbers in the text the generic plan is the right one and is reused.
 */
export function pageSql(win: { limit: number; offset: number }): SQL {
  const whole = (n: number) => Math.max(0, Math.trunc(n) || 0);
  return sql.raw(`limit ${whole(win.limit)} offset ${whole(win.offset)}`);
}

/** A query value as it is written back into a link (a list as its items joined with commas). */
function queryText(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint')
    return String(v);
  if (Array.isArray(v)) return v.map((x: unknown) => (x === null || x === undefined ? '' : queryText(x))).join(',');
  return JSON.stringify(v);
}

/** Builds the paged answer; next/previous are query strings that keep the caller's other filters. */
export function pageOf<T>(
  results: T[],
  count: number,
  totalCount: number,
  win: { page: number; size: number },
  query: Record<string, unknown> = {},
): Page<T> {
  const link = (page: number) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== null && k !== 'page') qs.set(k, queryText(v));
    qs.set('page', String(page));
    qs.set('page_size', String(win.size));
    return `?${qs.toString()}`;
  };
  const pages = Math.max(1, Math.ceil(count / win.size));
  return {
    count,
    next: win.page < pages ? link(win.page + 1) : null,
    previous: win.page > 1 ? link(win.page - 1) : null,
    current: win.page,
    total_count: totalCount,
    results,
  };
}

/**
 * A paged answer as JSON text whose `results` is JSON text already (written by PostgreSQL): the
 * page's other fields, and any the caller adds, are serialized here and the results put in as they are.
 */
export function pageJson(page: Page<unknown>, resultsJson: string, extra: Record<string, unknown> = {}): string {
  const { results: _results, ...head } = page;
  return `${JSON.stringify({ ...head, ...extra }).slice(0, -1)},"results":${resultsJson}}`;
}
