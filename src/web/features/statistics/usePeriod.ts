import { useSearchParams } from 'react-router-dom';
import type { SchemaStatisticsPeriod, SchemaStatisticsRequest } from '../../../api/schema';

export const PERIODS: readonly SchemaStatisticsPeriod[] = [
  'today',
  'week',
  'month',
  'quarter',
  'half_year',
  'year',
  'range',
];
const isPeriod = (v: string | null): v is SchemaStatisticsPeriod => PERIODS.includes(v as SchemaStatisticsPeriod);

/**
 * The period picker's state, in the address (`?period=range&from=2026-01-01&to=2026-01-31`), so a
 * reload, a shared link and the back button keep it; a range is only sent once both dates are set
 * and the first is not after the last.
 */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: SchemaStatisticsPeriod = isPeriod(raw) ? raw : 'today';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const set = (name: string, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };
  const request: SchemaStatisticsRequest =
    period === 'range' ? { period, date_from: from || undefined, date_to: to || undefined } : { period };
  // A reversed range is the form's own error: nothing is asked of the server, which would refuse it.
  const reversed = period === 'range' && Boolean(from && to) && from > to;
  const ready = period !== 'range' || (Boolean(from && to) && !reversed);
  return {
    period,
    setPeriod: (p: SchemaStatisticsPeriod) => {
      set('period', p === 'today' ? '' : p);
    },
    from,
    setFrom: (v: string) => {
      set('from', v);
    },
    to,
    setTo: (v: string) => {
      set('to', v);
    },
    request,
    ready,
    reversed,
  };
}
