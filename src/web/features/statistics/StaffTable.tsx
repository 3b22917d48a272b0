import { useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useGetList, useTranslate } from 'react-admin';
import { FailureState } from '../../common/Failure';
import { useFmtMoney } from '../../common/format';
import { Link } from 'react-router-dom';
import type { SchemaStatisticsRequest } from '../../../api/schema';
import type { StaffStatisticsFilter, StaffStatisticsRecord } from '../../providers/data/statistics';

type Column =
  | 'completed_tasks'
  | 'time_spent'
  | 'donations_sum'
  | 'new_subscriptions'
  | 'new_registrations'
  | 'tasks_of_new_registrations';

/** Figures per employee: a bar chart of the page and a sortable, paged table with view-as links. */
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
  const amount = useFmtMoney();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [order, setOrder] = useState<{ col: Column | 'last_name'; desc: boolean }>({
    col: 'completed_tasks',
    desc: true,
  });
  const filter: StaffStatisticsFilter = { ...request, user_id: userId };
  const q = useGetList<StaffStatisticsRecord>(
    'staff-statistics',
    {
      pagination: { page: page + 1, perPage: size },
      sort: { field: order.col, order: order.desc ? 'DESC' : 'ASC' },
      filter,
    },
    // The page shown stays until the next one arrives.
    { placeholderData: (previous) => previous },
  );
  const cols: Column[] = [
    'completed_tasks',
    'time_spent',
    'new_registrations',
    'tasks_of_new_registrations',
    ...(money ? (['donations_sum', 'new_subscriptions'] as const) : []),
  ];
  const rows = q.data ?? [];
  const sortBy = (col: Column | 'last_name') => {
    setOrder((o) => ({ col, desc: o.col === col ? !o.desc : true }));
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('atrium.statistics.by_staff')}
        </Typography>
        {rows.length > 0 && (
          <Box sx={{ height: 260 }}>
            <BarChart
              height={260}
              // Counts: whole-number ticks only.
              yAxis={[{ tickMinStep: 1 }]}
              xAxis={[
                { scaleType: 'band', data: rows.map((r) => `${r.user.first_name} ${r.user.last_name.slice(0, 1)}.`) },
              ]}
              series={[
                {
                  data: rows.map((r) => r.completed_tasks),
                  label: translate('atrium.statistics.metrics.completed_tasks'),
                },
                {
                  data: rows.map((r) => r.new_registrations),
                  label: translate('atrium.statistics.metrics.new_registrations'),
                },
              ]}
            />
          </Box>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>
                  <TableSortLabel
                    active={order.col === 'last_name'}
                    direction={order.desc ? 'desc' : 'asc'}
                    onClick={() => {
                      sortBy('last_name');
                    }}
                  >
                    {translate('atrium.statistics.employee')}
                  </TableSortLabel>
                </TableCell>
                {cols.map((c) => (
                  <TableCell key={c} align="right">
                    <TableSortLabel
                      active={order.col === c}
                      direction={order.desc ? 'desc' : 'asc'}
                      onClick={() => {
                        sortBy(c);
                      }}
                    >
                      {translate(`atrium.statistics.metrics.${c}`)}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.user.id} hover>
                  <TableCell>
                    <Link
                      to={`/staff-dashboard/view-as/${r.user.id}`}
                    >{`${r.user.first_name} ${r.user.last_name}`}</Link>
                    {r.is_blocked && (
                      <Chip size="small" label={translate('atrium.statistics.blocked')} sx={{ ml: 1 }} />
                    )}
                  </TableCell>
                  {cols.map((c) => (
                    <TableCell key={c} align="right">
                      {c === 'donations_sum' ? amount(r[c]) : r[c]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {q.error ? (
                <TableRow>
                  <TableCell colSpan={cols.length + 1}>
                    <FailureState
                      error={q.error}
                      onRetry={() => {
                        void q.refetch();
                      }}
                    />
                  </TableCell>
                </TableRow>
              ) : (
                !rows.length &&
                !q.isPending && (
                  <TableRow>
                    <TableCell colSpan={cols.length + 1}>{translate('atrium.statistics.empty')}</TableCell>
                  </TableRow>
                )
              )}
            </TableBody>
          </Table>
        </Box>
        <TablePagination
          component="div"
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
          }
          count={q.total ?? 0}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_e, p) => {
            setPage(p);
          }}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </CardContent>
    </Card>
  );
}
