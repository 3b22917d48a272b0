import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { clock } from '../../clock';
import { utcDay } from './access';

const FLUSH_MS = 500;
/** A batch the database refused (an outage, a failover) is tried again with the next ones, this many times in all. */
const WRITE_ATTEMPTS = 3;

type Pending = { flowId: number; day: string; n: number; attempts: number };

/**
 * Landing page views, counted in memory and written every half second as one statement per batch
 * (the flow's daily row and its running total together). A page view costs a map update; a busy landing does not queue a write
 * per visitor on the same counter row. At most the last half second of views is lost if the process dies.
 */
export class ViewCounter {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  add(flowId: number) {
    this.count({ flowId, day: utcDay(clock.now()), n: 1, attempts: 0 });
  }

  private count(views: Pending) {
    const key = `${views.flowId}|${views.day}`;
    const entry = this.pending.get(key);
    if (entry) {
      entry.n += views.n;
      entry.attempts = Math.max(entry.attempts, views.attempts);
    } else this.pending.set(key, { ...views });
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
      this.write(rows).catch((err: unknown) => {
        const again = rows.filter((r) => r.attempts + 1 < WRITE_ATTEMPTS);
        this.ctx.log.warn({ err, views: rows.length, retried: again.length }, 'landing views not counted');
        for (const r of again) this.count({ ...r, attempts: r.attempts + 1 });
      }),
    );
    return this.writing;
  }

  /**
   * The batch's flows are locked first ('for key share' waits for one being deleted right now and then
   * leaves it out); the write that follows sees only those. In one statement, a flow deleted meanwhile would
   * still be joined, and the daily row's foreign key would fail the whole batch.
   */
  private async write(rows: Pending[]) {
    const ids = sql.param(rows.map((r) => r.flowId));
    await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select from flows where id = any(${ids}::int[]) order by id for key share`);
      await tx.execute(sql`
        with v as (select * from unnest(${ids}::int[], ${sql.param(rows.map((r) => r.day))}::date[], ${sql.param(rows.map((r) => r.n))}::int[]) as v(flow_id, day, n)),
        daily as (
          insert into flow_daily_stats (flow_id, day, views)
          select f.id, v.day, v.n from v join flows f on f.id = v.flow_id
          on conflict (flow_id, day) do update set views = flow_daily_stats.views + excluded.views
        )
        update flows f set views_total = f.views_total + s.n
        from (select flow_id, sum(n)::int as n from v group by flow_id) s where f.id = s.flow_id`);
    });
  }
}

const counters = new WeakMap<AppContext, ViewCounter>();

/** The app's one counter (made on first use). */
export function viewCounter(ctx: AppContext): ViewCounter {
  let c = counters.get(ctx);
  if (!c) counters.set(ctx, (c = new ViewCounter(ctx)));
  return c;
}
