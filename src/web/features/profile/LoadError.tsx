import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorText } from '../../common/errors';

/** A block that did not load: what went wrong (a refusal says so) and "Try again". */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {translate('atrium.profile.retry')}
        </Button>
      }
    >
      {errorText(error, translate)}
    </Alert>
  );
}
