import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { DataTable, ListBase, useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaStatisticsRequest } from '../../../api/schema';
import { countAxis } from '../../common/charts';
import { useFmtMoney } from '../../common/format';
import { ListError, ListPagination } from '../../common/ListError';
import type { StaffStatisticsFilter, StaffStatisticsRecord } from './data';
import { FigureBlocks, TIGHT_CELLS } from './FigureBlocks';
import { useFmtMinutes } from './MetricCards';

type Column =
  | 'completed_tasks'
  | 'time_spent'
  | 'donations_sum'
  | 'new_subscriptions'
  | 'new_registrations'
  | 'tasks_of_new_registrations';

/**
 * Figures per employee: a bar chart of the page and a sortable, paged table with view-as links, a
 * react-admin list of `staff-statistics` (sort and page in the address, most completed tasks first).
 */
export function StaffTable({
  request,
  userId,
  money,
}: {
  request: SchemaStatisticsRequest;
  userId?: number;
  money: boolean;
}) {
  const translate = useTranslate();
  const filter: StaffStatisticsFilter = { ...request, user_id: userId };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('atrium.statistics.by_staff')}
        </Typography>
        <ListBase<StaffStatisticsRecord>
          resource="staff-statistics"
          filter={filter}
          sort={{ field: 'completed_tasks', order: 'DESC' }}
          perPage={10}
          error={<ListError />}
        >
          <StaffChart />
          <StaffRows money={money} />
          <ListPagination />
        </ListBase>
      </CardContent>
    </Card>
  );
}

/** The page's completed tasks and registrations per employee. */
function StaffChart() {
  const translate = useTranslate();
  const { data: rows = [] } = useListContext<StaffStatisticsRecord>();
  if (!rows.length) return null;
  return (
    // At least the chart's height, and as tall as the chart with its legend above it: a box of exactly
    // 260 px let the table below cover the names under the bars.
    <Box sx={{ minHeight: 260 }}>
      <BarChart
        height={260}
        yAxis={[countAxis(rows.flatMap((r) => [r.completed_tasks, r.new_registrations]))]}
        xAxis={[{ scaleType: 'band', data: rows.map((r) => `${r.user.first_name} ${r.user.last_name.slice(0, 1)}.`) }]}
        series={[
          { data: rows.map((r) => r.completed_tasks), label: translate('atrium.statistics.metrics.completed_tasks') },
          {
            data: rows.map((r) => r.new_registrations),
            label: translate('atrium.statistics.metrics.new_registrations'),
          },
        ]}
      />
    </Box>
  );
}

function StaffRows({ money }: { money: boolean }) {
  const translate = useTranslate();
  const amount = useFmtMoney();
  const minutes = useFmtMinutes();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const cols: Column[] = [
    'completed_tasks',
    'time_spent',
    'new_registrations',
    'tasks_of_new_registrations',
    ...(money ? (['donations_sum', 'new_subscriptions'] as const) : []),
  ];
  const value = (c: Column, r: StaffStatisticsRecord) =>
    c === 'donations_sum' ? amount(r.donations_sum) : c === 'time_spent' ? minutes(r.time_spent) : String(r[c]);
  const empty = <Typography sx={{ p: 1 }}>{translate('atrium.statistics.empty')}</Typography>;
  const name = (r: StaffStatisticsRecord) => (
    <>
      <Link to={`/staff-dashboard/view-as/${String(r.user.id)}`}>{`${r.user.first_name} ${r.user.last_name}`}</Link>
      {r.is_blocked && <Chip size="small" label={translate('atrium.statistics.blocked')} sx={{ ml: 1 }} />}
    </>
  );
  // On a phone six figures side by side cannot fit: each employee is a block of label–value lines.
  if (phone) return <StaffBlocks cols={cols} name={name} value={value} empty={empty} />;
  return (
    <DataTable<StaffStatisticsRecord>
      resource="staff-statistics"
      size="small"
      bulkActionButtons={false}
      rowClick={false}
      empty={empty}
      sx={TIGHT_CELLS}
    >
      <DataTable.Col source="last_name" label="atrium.statistics.employee" sortByOrder="DESC" render={name} />
      {cols.map((c) => (
        <DataTable.Col
          key={c}
          source={c}
          label={`atrium.statistics.metrics.${c}`}
          align="right"
          sortByOrder="DESC"
          render={(r: StaffStatisticsRecord) => value(c, r)}
        />
      ))}
    </DataTable>
  );
}

function StaffBlocks({
  cols,
  name,
  value,
  empty,
}: {
  cols: Column[];
  name: (r: StaffStatisticsRecord) => ReactNode;
  value: (c: Column, r: StaffStatisticsRecord) => string;
  empty: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <FigureBlocks<StaffStatisticsRecord>
      testId="staff-blocks"
      empty={empty}
      title={name}
      lines={(r) => cols.map((c) => [translate(`atrium.statistics.metrics.${c}`), value(c, r)])}
    />
  );
}
