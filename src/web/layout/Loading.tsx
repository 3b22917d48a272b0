import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown while the login status is unknown. */
export function LoadingScreen() {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography sx={{ mt: 2 }} color="text.secondary">
          {translate('atrium.loading')}
        </Typography>
      </Box>
    </Box>
  );
}
