import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import { useFormState } from 'react-hook-form';

/** The form's main button; while the call runs it shows a spinner and cannot be pressed twice. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" loading={busy} fullWidth>
      {children}
    </Button>
  );
}

/** The main button of a react-admin <Form>: busy while its submit runs. */
export function FormSubmitButton({ children }: { children: ReactNode }) {
  const { isSubmitting } = useFormState();
  return <SubmitButton busy={isSubmitting}>{children}</SubmitButton>;
}
