import { eq, sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { flowDailyStats, flows } from '../../db/schema';
import { statement } from '../../db/prepared';
import { notFound } from '../../errors';
import { clock } from '../../clock';
import type { Tx } from '../contact-categories';
import { FLOW_ACCESS_SQL, flowAccessValues, utcDay, type FlowAccessValues } from './access';

/** signups / views in percent, two decimals; 0 without views. */
export function conversion({ views, signups }: { views: number; signups: number }): number {
  return views > 0 ? Math.min(100, Math.round((signups / views) * 10_000) / 100) : 0;
}

/** conversion() in SQL, over a flow's running totals (alias f). */
export const CONVERSION_SQL = `case when f.views_total > 0
  then least(100, round(f.signups_total::numeric * 10000 / f.views_total) / 100)::float8 else 0 end`;

/** Counts a sign-up on today's row of the flow and its total, inside the sign-up's transaction. */
export async function countSignup(tx: Tx, flowId: number) {
  await tx
    .update(flows)
    .set({ signupsTotal: sql`${flows.signupsTotal} + 1` })
    .where(eq(flows.id, flowId));
  await tx
    .insert(flowDailyStats)
    .values({ flowId, day: utcDay(clock.now()), signups: 1 })
    .onConflictDoUpdate({
      target: [flowDailyStats.flowId, flowDailyStats.day],
      set: { signups: sql`${flowDailyStats.signups} + 1` },
    });
}

// The flow's totals and its day-by-day series (zeros included), as JSON, for a flow the caller may see; no row: 404.
const statsJson = statement<{ json: string }, FlowAccessValues & { flowId: number; from: string; to: string }>(sql`
  select json_build_object('views', f.views_total, 'signups', f.signups_total, 'conversion', ${sql.raw(CONVERSION_SQL)},
    'days', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'views', coalesce(s.views, 0), 'signups', coalesce(s.signups, 0)) order by d.day)
             from generate_series(${sql.placeholder('from')}::date, ${sql.placeholder('to')}::date, interval '1 day') d(day)
             left join flow_daily_stats s on s.flow_id = f.id and s.day = d.day::date))::text as json
  from flows f where f.id = ${sql.placeholder('flowId')} and ${FLOW_ACCESS_SQL}`);

/** Totals since the flow began (its running counters) and a day-by-day series of the last `days` days (UTC), zeros included; JSON text. */
export async function flowStats(ctx: AppContext, auth: AuthUser, id: number, days = 30): Promise<string> {
  const to = utcDay(clock.now());
  const from = utcDay(new Date(Date.parse(to) - (days - 1) * 86_400_000));
  const [r] = await statsJson(ctx.db, { flowId: id, ...flowAccessValues(auth), from, to });
  if (!r) throw notFound();
  return r.json;
}
