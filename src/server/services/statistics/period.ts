import { FieldErrors } from '../../errors';
import { clock } from '../../clock';
import type { SchemaStatisticsRequest } from '../../../api/schema';

export const PERIODS = ['today', 'week', 'month', 'quarter', 'half_year', 'year', 'range'] as const;
export type Period = (typeof PERIODS)[number];

export type PeriodInput = Pick<SchemaStatisticsRequest, 'period' | 'date_from' | 'date_to'>;

// Building an Intl.DateTimeFormat costs more than the rest of a statistics call's JavaScript: one per zone.
const formats = new Map<string, Intl.DateTimeFormat>();
// Every zone's offset is a whole number of minutes, so its date cannot change inside a UTC minute:
// the date is formatted once per zone and minute (formatting with a zone still costs tens of µs).
const MINUTE_MS = 60_000;
const todays = new Map<string, { minute: number; date: string }>();

/** Today's date (YYYY-MM-DD) in a time zone, by the app clock. */
export function localToday(tz: string, now = clock.now()): string {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const known = todays.get(tz);
  if (known?.minute === minute) return known.date;
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (formats.size < 1000) formats.set(tz, f);
  }
  const date = f.format(now);
  if (formats.has(tz)) todays.set(tz, { minute, date });
  return date;
}

const fmt = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The first and last day (inclusive) of a period, in the employee's time zone: today, or the current
 * week (from Monday), month, quarter, half year or year up to today; range takes both dates.
 */
export function periodDays(input: PeriodInput, tz: string): { period: Period; from: string; to: string } {
  const period = input.period ?? 'today';
  if (period === 'range') {
    const errors: Record<string, ['fill_both_fields']> = {};
    const { date_from: from, date_to: to } = input;
    if (!from) errors.date_from = ['fill_both_fields'];
    if (!to) errors.date_to = ['fill_both_fields'];
    if (Object.keys(errors).length || !from || !to) throw new FieldErrors(errors);
    if (from > to) throw FieldErrors.of('date_from', 'date_range_invalid');
    return { period, from, to };
  }
  const to = localToday(tz);
  const d = new Date(`${to}T00:00:00Z`);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  let from: Date;
  switch (period) {
    case 'today':
      from = d;
      break;
    case 'week':
      from = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
      break;
    case 'month':
      from = new Date(Date.UTC(y, m, 1));
      break;
    case 'quarter':
      from = new Date(Date.UTC(y, m - (m % 3), 1));
      break;
    case 'half_year':
      from = new Date(Date.UTC(y, m < 6 ? 0 : 6, 1));
      break;
    case 'year':
      from = new Date(Date.UTC(y, 0, 1));
      break;
  }
  return { period, from: fmt(from), to };
}
