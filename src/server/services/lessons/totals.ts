import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { prepared } from '../../db/prepared';
import { VISIBLE } from './views';
import { one } from '../../db/rows';

/**
 * How many lessons are published, for the dashboard and the unfiltered lists. Counting 10,000 rows
 * on every dashboard call is the costliest part of it, so the number is kept for 30 seconds (and
 * forgotten at once when an admin changes lessons through this process).
 */
const TTL_MS = 30_000;
const cache = new WeakMap<object, { value: number; at: number }>();

export async function publishedLessonsTotal(ctx: AppContext): Promise<number> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const row = one(
    await prepared<{ n: number }>(ctx.db, sql`select count(*)::int as n from lessons l where ${VISIBLE}`),
  );
  cache.set(ctx.db, { value: row.n, at: Date.now() });
  return row.n;
}

export function forgetLessonTotals(ctx: AppContext): void {
  cache.delete(ctx.db);
}
