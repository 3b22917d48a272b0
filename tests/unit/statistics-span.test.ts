import { describe, expect, it } from 'vitest';
import { spanOf, type Span } from '../../src/server/services/statistics/span';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** How often each UTC hour is counted by the span's signed buckets (hour -> count). */
function hoursCounted(span: Span): Map<number, number> {
  const counts = new Map<number, number>();
  for (const b of span.buckets) {
    for (let h = b.from.getTime(); h < b.to.getTime(); h += HOUR) counts.set(h, (counts.get(h) ?? 0) + b.sign);
  }
  for (const [h, n] of [...counts]) if (n === 0) counts.delete(h);
  return counts;
}

/** Buckets whose rows may exist (they start before `now`): what a read costs per employee. */
const live = (span: Span, now: Date) => span.buckets.filter((b) => b.from < now).length;

describe('statistics span', () => {
  it('counts every whole hour of the period exactly once and leaves the rest (under an hour each end) to the edges', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 400; i++) {
      const start =
        Date.UTC(2025, 0, 1) +
        Math.floor(rand() * 800 * 24) * HOUR +
        (i % 3 === 0 ? 0 : Math.floor(rand() * 4) * 15 * 60_000);
      const end = start + Math.floor(rand() * 120 * 24 * HOUR) + (i % 5 === 0 ? 45 * 60_000 : 0) + HOUR;
      const now = new Date(start + rand() * (end - start + 90 * 24 * HOUR));
      const span = spanOf(new Date(start), new Date(end), now);
      const hs = Math.ceil(start / HOUR) * HOUR;
      const he = Math.floor(end / HOUR) * HOUR;
      const want = new Map<number, number>();
      for (let h = hs; h < he; h += HOUR) want.set(h, 1);
      expect(hoursCounted(span)).toEqual(want);
      const edges = span.edges.map(([a, b]) => [a.getTime(), b.getTime()]);
      expect(edges).toEqual([...(start < hs ? [[start, hs]] : []), ...(he < end ? [[he, end]] : [])]);
      for (const [a, b] of edges) expect(b! - a!).toBeLessThan(HOUR);
      // The days of the tasks of new registrations: whole UTC days inside, the rest at the ends.
      const days = (span.wholeEnd.getTime() - span.wholeStart.getTime()) / (24 * HOUR);
      expect(Number.isInteger(days) && days >= 0).toBe(true);
      const covered = span.dayEdges.reduce((n, [a, b]) => n + (b.getTime() - a.getTime()), 0) + days * 24 * HOUR;
      expect(covered).toBe(end - start);
      expect(span.fromDay).toBe(span.wholeStart.toISOString().slice(0, 10));
    }
  });

  it('reads a month up to today as the month minus what is still to come, a year as a dozen rows', () => {
    const now = at('2026-11-21T08:30:00Z');
    // Berlin's November so far: 2026-10-31 23:00Z .. 2026-11-21 23:00Z.
    const month = spanOf(at('2026-10-31T23:00:00Z'), at('2026-11-21T23:00:00Z'), now);
    expect(month.edges).toEqual([]);
    expect(live(month, now)).toBe(2);
    expect(month.buckets).toContainEqual({
      grain: 'month',
      from: at('2026-11-01T00:00:00Z'),
      to: at('2026-12-01T00:00:00Z'),
      sign: 1,
    });
    // Tasks of new registrations: the last hour of October from the tasks; today as the roll-up's day
    // minus its last hour (still to come).
    expect(month.freshEdges).toEqual([
      { from: at('2026-10-31T23:00:00Z'), to: at('2026-11-01T00:00:00Z'), day: '2026-10-31', outside: null },
      {
        from: at('2026-11-21T00:00:00Z'),
        to: at('2026-11-21T23:00:00Z'),
        day: '2026-11-21',
        outside: [[at('2026-11-21T23:00:00Z'), at('2026-11-22T00:00:00Z')]],
      },
    ]);
    const year = spanOf(at('2025-12-31T23:00:00Z'), at('2026-11-21T23:00:00Z'), now);
    expect(live(year, now)).toBeLessThanOrEqual(3);
    // Kathmandu (+05:45): 45 minutes at one end, 15 at the other, from the base tables.
    const kathmandu = spanOf(at('2026-11-20T18:15:00Z'), at('2026-11-21T18:15:00Z'), now);
    expect(kathmandu.edges.map(([a, b]) => (b.getTime() - a.getTime()) / 60_000)).toEqual([45, 15]);
    // A past range (Berlin, 3 Feb .. 17 May): whole months, each partial one as its month minus its other days.
    const past = spanOf(at('2026-02-02T23:00:00Z'), at('2026-05-17T22:00:00Z'), now);
    const b = (sign: 1 | -1, grain: string, from: string, to: string) => ({
      sign,
      grain,
      from: at(`${from}:00:00Z`),
      to: at(`${to}:00:00Z`),
    });
    expect(past.buckets).toEqual([
      b(1, 'month', '2026-02-01T00', '2026-03-01T00'),
      b(-1, 'day', '2026-02-01T00', '2026-02-03T00'),
      b(1, 'hour', '2026-02-02T23', '2026-02-03T00'),
      b(1, 'month', '2026-03-01T00', '2026-06-01T00'),
      b(-1, 'hour', '2026-05-17T22', '2026-05-18T00'),
      b(-1, 'day', '2026-05-18T00', '2026-06-01T00'),
    ]);
  });
});
