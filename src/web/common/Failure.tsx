import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorText } from './errors';

/** What a refusal is about: a person ("You have no access to this person"), a workspace (view-as) or a page. */
export type RefusalSubject = 'person' | 'page' | 'view_as';

/** A 403 from the API: the caller may not see this. */
export const isRefusal = (error: unknown) => error instanceof HttpError && error.status === 403;

/**
 * What a staff page shows instead of its content when a call failed. A refusal (403) says so, in the
 * interface language, with a way back; any other failure shows the error (the server's words, 'Server
 * error' or 'No connection') with "Try again" — never a spinner that does not end.
 */
export function FailureState({
  error,
  onRetry,
  subject = 'page',
  backTo,
}: {
  error: unknown;
  onRetry?: () => void;
  subject?: RefusalSubject;
  /** Where "Go back" leads; the previous page when not given. */
  backTo?: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const back = (
    <Button
      color="inherit"
      size="small"
      onClick={() => {
        void (backTo === undefined ? navigate(-1) : navigate(backTo));
      }}
    >
      {translate('atrium.staff.refusal.back')}
    </Button>
  );
  if (isRefusal(error)) {
    return (
      <Alert severity="warning" role="alert" sx={{ m: 2 }} action={back} data-testid="refusal">
        <AlertTitle>{translate(`atrium.staff.refusal.${subject}`)}</AlertTitle>
        {translate('atrium.staff.refusal.hint')}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      data-testid="failure"
      action={
        <Stack direction="row" spacing={1}>
          {onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {translate('atrium.staff.try_again')}
            </Button>
          )}
          {error instanceof HttpError && error.status === 404 && back}
        </Stack>
      }
    >
      {errorText(error, translate)}
    </Alert>
  );
}
