import type { StatsGrain } from '../../db/schema';

/**
 * How the statistics read a period [start, end) (the instants that begin its first and end its last
 * local day in the employee's time zone). The roll-ups (staff_stats_*, migrations 0017 and 0019) hold
 * UTC hours, days and months:
 *   - `buckets` sum exactly to the whole UTC hours inside the period; `edges` are what is left at its
 *     ends (less than an hour each, only in time zones with a half-hour offset), read from the base
 *     tables;
 *   - the tasks of new registrations are kept per UTC day (of joining and of completion):
 *     `wholeStart`..`wholeEnd` (`fromDay`..`toDay`) are the whole UTC days inside, `dayEdges` the
 *     partial days at the ends, `freshEdges` says how to read tasks completed in those.
 */
export type Span = {
  start: Date;
  end: Date;
  buckets: Bucket[];
  edges: [Date, Date][];
  wholeStart: Date;
  wholeEnd: Date;
  fromDay: string;
  toDay: string;
  dayEdges: [Date, Date][];
  freshEdges: FreshEdge[];
};

/**
 * Tasks completed in a partial day [from, to) by users who joined on the whole days: read from the
 * tasks themselves, or (`outside` set) as the roll-up's row of the whole UTC `day` minus the tasks
 * completed in `outside`, the rest of that day, when that reads less (the rest of today is mostly
 * still to come).
 */
type FreshEdge = { from: Date; to: Date; day: string; outside: [Date, Date][] | null };

/** Roll-up rows of one grain with `bucket` in [from, to), added (sign 1) or taken away (-1). */
type Bucket = { grain: StatsGrain; from: Date; to: Date; sign: 1 | -1 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GRAINS: StatsGrain[] = ['hour', 'day', 'month'];

/** The start of the bucket of `grain` that contains `t`, and the start of the next one (UTC). */
function bucketOf(t: number, grain: StatsGrain): [number, number] {
  if (grain === 'hour') return [Math.floor(t / HOUR) * HOUR, Math.floor(t / HOUR) * HOUR + HOUR];
  if (grain === 'day') return [Math.floor(t / DAY) * DAY, Math.floor(t / DAY) * DAY + DAY];
  const d = new Date(t);
  return [Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)];
}

type Plan = { buckets: Bucket[]; rows: number };

/**
 * Signed buckets summing exactly to [a, b) (both on hour boundaries). A bucket of `grain` that lies
 * inside is one row per employee; a partial one is either the finer buckets of the part, or the
 * bucket minus the finer buckets around the part, whichever reads fewer rows, counting a bucket
 * that starts after `now` as free (it rarely has rows). So "this month" is the month minus the rest
 * of today, "this year" a dozen rows. Only the number of rows read depends on `now`.
 */
function plan(a: number, b: number, level: number, now: number): Plan {
  const grain = GRAINS[level];
  if (!grain) throw new Error(`no statistics grain at level ${level}`);
  const out: Plan = { buckets: [], rows: 0 };
  const add = (p: Plan, sign: 1 | -1) => {
    for (const x of p.buckets) out.buckets.push({ ...x, sign: (x.sign * sign) as 1 | -1 });
    out.rows += p.rows;
  };
  for (let x = a; x < b;) {
    const [g0, g1] = bucketOf(x, grain);
    const y = Math.min(b, g1);
    const whole: Plan = {
      buckets: [{ grain, from: new Date(g0), to: new Date(g1), sign: 1 }],
      rows: g0 <= now ? 1 : 0,
    };
    if (x === g0 && y === g1) add(whole, 1);
    else if (level === 0) throw new Error('hour bounds expected');
    else {
      const part = plan(x, y, level - 1, now);
      const around = [plan(g0, x, level - 1, now), plan(y, g1, level - 1, now)] as const;
      if (whole.rows + around[0].rows + around[1].rows < part.rows) {
        add(whole, 1);
        for (const p of around) add(p, -1);
      } else add(part, 1);
    }
    x = y;
  }
  return out;
}

/** Adjacent buckets of one grain and sign become one range. */
function merged(buckets: Bucket[]): Bucket[] {
  const out: Bucket[] = [];
  for (const b of buckets) {
    const last = out[out.length - 1];
    if (last && last.grain === b.grain && last.sign === b.sign && last.to.getTime() === b.from.getTime())
      last.to = b.to;
    else out.push({ ...b });
  }
  return out;
}

/** [s, e) without its whole units inside [ws, we): the parts at the ends, none, one or two. */
function ends(s: number, e: number, ws: number, we: number): [Date, Date][] {
  const parts: [number, number][] =
    ws < we
      ? [
          [s, ws],
          [we, e],
        ]
      : [[s, e]];
  return parts.filter(([x, y]) => x < y).map(([x, y]) => [new Date(x), new Date(y)]);
}

export function spanOf(start: Date, end: Date, now: Date): Span {
  const s = start.getTime();
  const e = end.getTime();
  const hs = Math.ceil(s / HOUR) * HOUR;
  const he = Math.floor(e / HOUR) * HOUR;
  const ws = Math.ceil(s / DAY) * DAY;
  const we = Math.floor(e / DAY) * DAY;
  const days = ws < we;
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const live = (a: number, b: number) => Math.max(0, Math.min(b, now.getTime()) - a);
  const dayEdges = ends(s, e, ws, we);
  // Only with whole days: a partial day then lies inside one UTC day.
  const freshEdges = days
    ? dayEdges.map(([a, b]): FreshEdge => {
        const [d0, d1] = bucketOf(a.getTime(), 'day');
        const outside = ends(d0, d1, a.getTime(), b.getTime());
        const cheaper =
          outside.reduce((n, [x, y]) => n + live(x.getTime(), y.getTime()), 0) < live(a.getTime(), b.getTime());
        return { from: a, to: b, day: day(d0), outside: cheaper ? outside : null };
      })
    : [];
  return {
    start,
    end,
    buckets: hs < he ? merged(plan(hs, he, GRAINS.length - 1, now.getTime()).buckets) : [],
    edges: ends(s, e, hs, he),
    wholeStart: new Date(days ? ws : s),
    wholeEnd: new Date(days ? we : s),
    fromDay: day(days ? ws : s),
    toDay: day(days ? we : s),
    dayEdges,
    freshEdges,
  };
}
