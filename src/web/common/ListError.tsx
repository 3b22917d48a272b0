import { Alert, Button } from '@mui/material';
import { Pagination, useListContext, useTranslate } from 'react-admin';
import { errorText } from './errors';

/**
 * What a staff list shows when its call fails: the server's own words (a refusal says so), the
 * generic message for a server or network failure, and "Try again".
 */
export function ListError() {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('atrium.staff.try_again')}
        </Button>
      }
    >
      {errorText(error, translate)}
    </Alert>
  );
}

/** The list's pagination, left out while the list shows its error (there is nothing to page). */
export function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={[10, 25, 50]} />;
}
