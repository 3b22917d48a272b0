import { Alert, Button, Stack } from '@mui/material';
import { RecordContextProvider, useCanAccess, useGetIdentity, useGetList, useGetOne, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaLeadRoutingState, SchemaStaffUserDetails } from '../../../api/schema';
import { WorkTimesButton } from './WorkTimesDialog';

const N = (key: string) => `atrium.staff.notice.${key}`;

/** A consultant without a working day: routing never offers them a lead, so they set their week here. */
function OwnWorkTimes() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { data } = useGetOne<SchemaStaffUserDetails>(
    'user-details',
    { id: Number(identity?.id ?? 0) },
    { enabled: identity !== undefined },
  );
  if (!data || data.work_times.some((d) => !d.is_day_off)) return null;
  return (
    <Alert severity="warning" data-testid="work-times-notice" sx={{ mb: 2 }}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>{translate(N('self'))}</span>
        <RecordContextProvider value={data}>
          <WorkTimesButton label={N('set_self')} variant="outlined" />
        </RecordContextProvider>
      </Stack>
    </Alert>
  );
}

/** For an admin: the consultants routing skips for want of work times, and the way to the roster that marks them. */
function ConsultantsWithoutTimes() {
  const translate = useTranslate();
  // The waiting leads' first row is not wanted: their page's meta says how routing stands.
  const list = useGetList('waiting-leads', { pagination: { page: 1, perPage: 1 } });
  // The adapter's meta of the page (team/structure/data.ts): react-admin types it as any.
  const routing = (list.meta as { routing?: SchemaLeadRoutingState } | undefined)?.routing;
  const missing = routing?.consultants_without_work_times ?? 0;
  if (!routing || !missing) return null;
  return (
    <Alert severity="warning" data-testid="work-times-notice" sx={{ mb: 2 }}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>
          {routing.consultants_with_work_times ? translate(N('some'), { smart_count: missing }) : translate(N('none'))}
        </span>
        <Button component={Link} to="/staff/list" size="small" variant="outlined" color="inherit">
          {translate(N('set'))}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Why no waiting lead reaches someone, where staff look first (the staff dashboard): a consultant
 * without work times is offered none, and on a fresh install nobody has any (#40 finding 17). The
 * consultant sets their own week from here; an admin goes to the consultants' roster.
 */
export function WorkTimesNotice() {
  const { canAccess: isAdmin, isPending } = useCanAccess({ action: 'list', resource: 'admin-tools' });
  if (isPending) return null;
  return isAdmin ? <ConsultantsWithoutTimes /> : <OwnWorkTimes />;
}
