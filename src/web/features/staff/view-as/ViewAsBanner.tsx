import { Alert, Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MemberPage } from '../../../common/MemberPage';
import { FailureState } from '../../../common/Failure';
import type { useViewAs } from './useViewAs';

/** Says whose workspace this is and how to leave; shown on every view-as page. */
export function ViewAsBanner({ viewAs }: { viewAs: ReturnType<typeof useViewAs> }) {
  const translate = useTranslate();
  if (viewAs.userId === undefined) return null;
  const name = viewAs.employee
    ? `${viewAs.employee.first_name} ${viewAs.employee.last_name}`.trim()
    : `#${viewAs.userId}`;
  return (
    <Alert
      severity="info"
      icon={<VisibilityIcon />}
      role="status"
      data-testid="view-as-banner"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button component={Link} to={viewAs.exitTo} color="inherit" size="small" variant="outlined">
          {translate('atrium.staff.view_as.leave')}
        </Button>
      }
    >
      {translate('atrium.staff.view_as.banner', { name })}
    </Alert>
  );
}

/** A view-as page the caller may not open: the refusal with a way back to their own workspace, nothing else. */
export function ViewAsRefused({ title, viewAs }: { title: string; viewAs: ReturnType<typeof useViewAs> }) {
  return (
    <MemberPage title={title}>
      <FailureState error={viewAs.error} subject="view_as" backTo={viewAs.exitTo} />
    </MemberPage>
  );
}
