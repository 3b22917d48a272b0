import { sql, type SQL } from 'drizzle-orm';
import { clock } from '../../clock';

/** Integer cents (a SQL expression) as the API's decimal string, e.g. 1250 → '12.50'. */
export const moneySql = (cents: SQL) => sql`(coalesce(${cents}, 0)::numeric / 100)::numeric(14, 2)::text`;

/**
 * The two donation windows of the team screens: the current and the previous calendar month in UTC
 * (payments are stored in UTC and the structure spans time zones, so one boundary for everybody).
 */
export function monthWindows(now = clock.now()) {
  const current = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { prev: prev.toISOString(), current: current.toISOString(), next: next.toISOString() };
}
