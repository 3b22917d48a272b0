import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { countAxis } from '../../common/charts';
import type { SchemaFlow, SchemaFlowStatsResponse } from '../../../api/schema';

/** A flow's stats record (the `flow-stats` resource): the totals and the days, under the flow's id. */
type FlowStats = SchemaFlowStatsResponse & { id: number };

const DAYS = 30;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6">{value}</Typography>
    </Box>
  );
}

/** A flow's totals and its last 30 days as a chart: views and sign-ups per day. */
export function FlowStatsPanel() {
  const translate = useTranslate();
  const flow = useRecordContext<SchemaFlow>();
  const { data } = useGetOne<FlowStats>('flow-stats', { id: flow?.id ?? 0, meta: { days: DAYS } }, { enabled: !!flow });
  if (!flow || !data) return null;
  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { xs: '100%', md: 380 }, flexShrink: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          {translate('atrium.flows.stats.title', { days: DAYS })}
        </Typography>
        <Stack direction="row" spacing={3}>
          <Figure label={translate('atrium.flows.stats.views')} value={data.views} />
          <Figure label={translate('atrium.flows.stats.signups')} value={data.signups} />
          <Figure label={translate('atrium.flows.stats.conversion')} value={`${data.conversion.toFixed(2)}%`} />
        </Stack>
        {data.views === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {translate('atrium.flows.stats.empty')}
          </Typography>
        ) : (
          <LineChart
            height={220}
            yAxis={[countAxis(data.days.flatMap((d) => [d.views, d.signups]))]}
            xAxis={[{ scaleType: 'point', data: data.days.map((d) => d.day.slice(8, 10) + '/' + d.day.slice(5, 7)) }]}
            series={[
              { data: data.days.map((d) => d.views), label: translate('atrium.flows.stats.views') },
              { data: data.days.map((d) => d.signups), label: translate('atrium.flows.stats.signups') },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}
