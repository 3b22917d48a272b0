import { Box, Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { DataTable, ListContextProvider, useList, useLocaleState, useTranslate } from 'react-admin';
import type { SchemaStatisticsCountryRow, SchemaStatisticsRequest } from '../../../api/schema';
import { countryName } from '../../common/countries';
import { FailureState } from '../../common/Failure';
import { useFmtMoney } from '../../common/format';
import { FigureBlocks, TIGHT_CELLS } from './FigureBlocks';
import { useStatisticsByCountries } from './hooks';

type CountryRow = SchemaStatisticsCountryRow & { id: string };

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
  // The same money format as the employee table and the cards ("0,00 $" in German, not "$0.00").
  const amount = useFmtMoney();
  const q = useStatisticsByCountries({ ...request, user_id: userId });
  const rows = q.data ?? [];
  // Every country is on the one answer: a react-admin list of those rows, the country its id.
  const list = useList<CountryRow>({
    data: rows.map((r) => ({ ...r, id: r.country })),
    isPending: q.isPending,
    resource: 'statistics-countries',
  });
  const name = (c: string) => countryName(c, locale) || translate('atrium.statistics.no_country');
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const empty = <Typography sx={{ p: 1 }}>{translate('atrium.statistics.empty')}</Typography>;
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
        {q.error ? (
          <FailureState
            error={q.error}
            onRetry={() => {
              void q.refetch();
            }}
          />
        ) : (
          <ListContextProvider value={list}>
            {phone ? (
              // Four columns of long headers do not fit a phone: a block per country instead.
              <FigureBlocks<CountryRow>
                testId="country-blocks"
                empty={empty}
                title={(r) => name(r.country)}
                lines={(r) => [
                  [translate('atrium.statistics.registrations'), String(r.registrations)],
                  ...(money
                    ? ([
                        [translate('atrium.statistics.metrics.donations_sum'), amount(r.donations_sum)],
                        [translate('atrium.statistics.subscriptions'), String(r.subscriptions)],
                      ] as Array<[string, string]>)
                    : []),
                ]}
              />
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <DataTable<CountryRow>
                  resource="statistics-countries"
                  size="small"
                  bulkActionButtons={false}
                  rowClick={false}
                  empty={empty}
                  sx={TIGHT_CELLS}
                >
                  <DataTable.Col
                    label="atrium.statistics.country"
                    disableSort
                    render={(r: CountryRow) => name(r.country)}
                  />
                  <DataTable.Col
                    source="registrations"
                    label="atrium.statistics.registrations"
                    disableSort
                    align="right"
                  />
                  {money && (
                    <DataTable.Col
                      label="atrium.statistics.metrics.donations_sum"
                      disableSort
                      align="right"
                      render={(r: CountryRow) => amount(r.donations_sum)}
                    />
                  )}
                  {money && (
                    <DataTable.Col
                      source="subscriptions"
                      label="atrium.statistics.subscriptions"
                      disableSort
                      align="right"
                    />
                  )}
                </DataTable>
              </Box>
            )}
          </ListContextProvider>
        )}
      </CardContent>
    </Card>
  );
}
