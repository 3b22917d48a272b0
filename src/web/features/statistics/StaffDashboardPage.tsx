import { Alert, Grid, Stack } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { FailureState } from '../../common/Failure';
import { MemberPage } from '../../common/MemberPage';
import { useStatistics } from './hooks';
import { StaffSwitch, useViewAs, ViewAsBanner, ViewAsRefused, WorkTimesNotice } from '../staff/public';
import { CountriesCard } from './CountriesCard';
import { MetricCards } from './MetricCards';
import { PeriodPicker } from './PeriodPicker';
import { StaffTable } from './StaffTable';
import { usePeriod } from './usePeriod';

/** /staff-dashboard and /staff-dashboard/view-as/:pk: the figures, by country and by employee. */
export default function StaffDashboardPage() {
  const translate = useTranslate();
  const viewAs = useViewAs('/staff-dashboard');
  const period = usePeriod();
  const stats = useStatistics({ ...period.request, user_id: viewAs.userId }, { enabled: period.ready });
  const money = stats.data?.donations_sum.available ?? false;
  if (viewAs.refused) return <ViewAsRefused title={translate('atrium.statistics.title')} viewAs={viewAs} />;
  return (
    <MemberPage
      title={translate('atrium.statistics.title')}
      actions={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <PeriodPicker state={period} />
          <StaffSwitch pathOf={viewAs.pathOf} />
        </Stack>
      }
    >
      <ViewAsBanner viewAs={viewAs} />
      {/* Why no lead is offered (to the viewer, or to an admin's consultants), before the figures. */}
      <WorkTimesNotice />
      {/* A refusal (view-as of someone out of reach) or a failure says so, with "Try again". */}
      {stats.error ? (
        <div data-testid="dashboard-error">
          <FailureState
            error={stats.error}
            onRetry={() => {
              void stats.refetch();
            }}
          />
        </div>
      ) : stats.isPending && period.ready ? (
        <Loading />
      ) : (
        stats.data && <MetricCards stats={stats.data} />
      )}
      {period.period === 'range' && !period.ready && !period.reversed && (
        // A range is shown once both days are picked: say so instead of an empty page.
        <Alert severity="info" data-testid="range-hint">
          {translate('atrium.statistics.range_hint')}
        </Alert>
      )}
      {period.ready && (
        <Grid container spacing={2}>
          {/* The employee table takes the whole width: its seven figures do not fit in two thirds of a laptop. */}
          <Grid size={12}>
            <StaffTable request={period.request} userId={viewAs.userId} money={money} />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <CountriesCard request={period.request} userId={viewAs.userId} money={money} />
          </Grid>
        </Grid>
      )}
    </MemberPage>
  );
}
