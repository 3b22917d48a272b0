import type { ReactNode } from 'react';
import { Button } from '@mui/material';

/** The form's main button; while the call runs it shows a spinner and cannot be pressed twice. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" loading={busy} fullWidth>
      {children}
    </Button>
  );
}
