import type { AppContext } from '../../context';
import { clock } from '../../clock';
import { utcDay } from './access';

const FLUSH_MS = 500;

/**
 * Landing page views, counted in memory and written every half second as one statement per batch
 * (the flow's daily row and its running total together). A page view costs a map update; a busy landing does not queue a write
 * per visitor on the same counter row. At most the last half second of views is lost if the process dies.
 */
export class ViewCounter {
  private pending = new Map<string, { flowId: number; day: string; n: number }>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  add(flowId: number) {
    const day = utcDay(clock.now());
    const key = `${flowId}|${day}`;
    const entry = this.pending.get(key);
    if (entry) entry.n += 1;
    else this.pending.set(key, { flowId, day, n: 1 });
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is pending; flows deleted meanwhile are skipped. Runs one batch at a time. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.size) return this.writing;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.writing.then(() =>
      this.ctx.db.$client
        .query(
          `with v as (select * from unnest($1::int[], $2::date[], $3::int[]) as v(flow_id, day, n)),
           daily as (
             insert into flow_daily_stats (flow_id, day, views)
             select f.id, v.day, v.n from v join flows f on f.id = v.flow_id
             on conflict (flow_id, day) do update set views = flow_daily_stats.views + excluded.views
           )
           update flows f set views_total = f.views_total + s.n
           from (select flow_id, sum(n)::int as n from v group by flow_id) s where f.id = s.flow_id`,
          [rows.map((r) => r.flowId), rows.map((r) => r.day), rows.map((r) => r.n)],
        )
        .then(() => undefined)
        .catch((err: unknown) => this.ctx.log.warn({ err, views: rows.length }, 'landing views not counted')),
    );
    return this.writing;
  }
}

const counters = new WeakMap<AppContext, ViewCounter>();

/** The app's one counter (made on first use). */
export function viewCounter(ctx: AppContext): ViewCounter {
  let c = counters.get(ctx);
  if (!c) counters.set(ctx, (c = new ViewCounter(ctx)));
  return c;
}
