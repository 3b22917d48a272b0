import { useState } from 'react';
import type { SchemaStatisticsPeriod, SchemaStatisticsRequest } from '../../../api/schema';

/** The period picker's state; a range is only sent once both dates are set. */
export function usePeriod() {
  const [period, setPeriod] = useState<SchemaStatisticsPeriod>('today');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const request: SchemaStatisticsRequest =
    period === 'range' ? { period, date_from: from || undefined, date_to: to || undefined } : { period };
  const ready = period !== 'range' || Boolean(from && to);
  return { period, setPeriod, from, setFrom, to, setTo, request, ready };
}
