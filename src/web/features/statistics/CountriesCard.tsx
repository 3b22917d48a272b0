import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SchemaStatisticsRequest } from '../../../api/schema';
import { countryName } from '../../common/countries';
import { FailureState } from '../../common/Failure';
import { useStatisticsByCountries } from '../../providers/data/statisticsHooks';

/** Registrations per country as a pie (top 8) and a table of every country. */
export function CountriesCard({
  request,
  userId,
  money,
}: {
  request: SchemaStatisticsRequest;
  userId?: number;
  money: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const q = useStatisticsByCountries({ ...request, user_id: userId });
  const rows = q.data ?? [];
  const name = (c: string) => countryName(c, locale) || translate('atrium.statistics.no_country');
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('atrium.statistics.by_countries')}
        </Typography>
        {rows.some((r) => r.registrations > 0) && (
          <PieChart
            height={200}
            series={[
              {
                data: rows.slice(0, 8).map((r, i) => ({ id: i, value: r.registrations, label: name(r.country) })),
                innerRadius: 40,
              },
            ]}
          />
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('atrium.statistics.country')}</TableCell>
                <TableCell align="right">{translate('atrium.statistics.registrations')}</TableCell>
                {money && <TableCell align="right">{translate('atrium.statistics.metrics.donations_sum')}</TableCell>}
                {money && <TableCell align="right">{translate('atrium.statistics.subscriptions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.country}>
                  <TableCell>{name(r.country)}</TableCell>
                  <TableCell align="right">{r.registrations}</TableCell>
                  {money && <TableCell align="right">${r.donations_sum}</TableCell>}
                  {money && <TableCell align="right">{r.subscriptions}</TableCell>}
                </TableRow>
              ))}
              {q.error ? (
                <TableRow>
                  <TableCell colSpan={4}>
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
                    <TableCell colSpan={4}>{translate('atrium.statistics.empty')}</TableCell>
                  </TableRow>
                )
              )}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}
