import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaStatisticsResponse } from '../../../api/schema';
import { useFmtMoney } from '../../common/format';

const METRICS = [
  'completed_tasks',
  'time_spent',
  'donations_sum',
  'new_subscriptions',
  'new_registrations',
  'tasks_of_new_registrations',
] as const;

/** Minutes as people read them: '0 min', '45 min', '2 h 5 min' (the unit always shown, even for 0). */
export function useFmtMinutes() {
  const translate = useTranslate();
  return (total: number) => {
    const h = Math.floor(total / 60);
    const m = total % 60;
    return h
      ? translate('atrium.statistics.hours_minutes', { h, m })
      : translate('atrium.statistics.minutes', { smart_count: m });
  };
}

/** One card per metric the viewer may see (unavailable ones are hidden, as the contract asks). */
export function MetricCards({ stats }: { stats: SchemaStatisticsResponse }) {
  const translate = useTranslate();
  const money = useFmtMoney();
  const minutes = useFmtMinutes();
  const shown = METRICS.filter((m) => stats[m].available);
  const format = (m: (typeof METRICS)[number]) => {
    const v = stats[m].value;
    if (m === 'time_spent') return minutes(Number(v));
    if (m === 'donations_sum') return money(String(v));
    return String(v);
  };
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {shown.map((m) => (
        <Grid key={m} size={{ xs: 6, md: 4, lg: 2 }}>
          <Card variant="outlined" data-testid={`metric-${m}`} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {translate(`atrium.statistics.metrics.${m}`)}
              </Typography>
              <Typography variant="h5" component="p" data-testid={`metric-${m}-value`}>
                {format(m)}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
