import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LanguageMenu } from './LanguageMenu';

type Props = {
  /** The screen's heading (h1). */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the form: to the login, registration, password recovery. */
  footer?: ReactNode;
  /** A wider card for longer forms (registration). */
  wide?: boolean;
};

/** The frame of every public screen: the brand, a language switch, the heading and a card on a gradient. */
export function AuthCard({ title, subtitle, children, footer, wide }: Props) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: 'linear-gradient(135deg, #3949ab 0%, #5c6bc0 50%, #26a69a 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: wide ? 520 : 420 }} elevation={6}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
            <Stack direction="row" spacing={1} alignItems="center">
              <Box component="img" src="/icon.svg" alt="" sx={{ width: 32, height: 32 }} />
              <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                {translate('atrium.app_name')}
              </Typography>
            </Stack>
            <LanguageMenu />
          </Stack>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
          {footer && (
            <Stack spacing={1} alignItems="center" sx={{ mt: 3, textAlign: 'center' }}>
              {footer}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
