import { Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

/** 'Saving…' with a bar while the surrounding react-admin <Form>'s submit runs. */
export function SavingStatus({ mt }: { mt?: number }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  if (!isSubmitting) return null;
  return (
    <Box role="status" sx={{ mt }}>
      <Typography variant="body2" color="text.secondary">
        {translate('atrium.profile.saving')}
      </Typography>
      <LinearProgress sx={{ mt: 0.5 }} />
    </Box>
  );
}

/** The profile form's main button: a spinner instead of its label while the submit runs. */
export function ProfileSubmit({ label, minWidth }: { label: string; minWidth?: number }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ minWidth }}>
      {isSubmitting ? <CircularProgress size={24} aria-hidden /> : translate(label)}
    </Button>
  );
}
