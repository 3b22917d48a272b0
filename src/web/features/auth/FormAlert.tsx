import { useEffect } from 'react';
import { Alert, type AlertColor } from '@mui/material';
import { useFormContext } from 'react-hook-form';
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

/**
 * The alert a failed submit of the surrounding react-admin <Form> left (the server's word beside the
 * fields). It goes once a field is changed: it spoke of what was sent, not of what is typed now.
 */
export function FormRootAlert() {
  const { watch, clearErrors } = useFormContext();
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change') clearErrors('root.server');
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [watch, clearErrors]);
  return <FormAlert message={useFormAlert()} />;
}
