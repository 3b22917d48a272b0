import { Alert, type AlertColor } from '@mui/material';
import { useFormAlert } from '../../common/errors';

/** A form-level message (errors one per line, as the spec's catalogue shows them). */
export function FormAlert({ message, severity = 'error' }: { message: string | null; severity?: AlertColor }) {
  if (!message) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} sx={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}

/** The alert a failed submit of the surrounding react-admin <Form> left (the server's word beside the fields). */
export function FormRootAlert() {
  return <FormAlert message={useFormAlert()} />;
}
