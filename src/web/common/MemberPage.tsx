import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * The frame of a member page: the title in the AppBar and as the page's heading, an optional way
 * back, actions beside the heading, and a readable width. `contain: inline-size` keeps wide content
 * (a video, a table) from widening the layout on a phone.
 */
export function MemberPage({
  title,
  heading,
  back,
  actions,
  maxWidth = 1200,
  children,
}: {
  title: string;
  heading?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box sx={{ maxWidth, width: '100%', mx: 'auto', pt: { xs: 1, sm: 2 }, pb: 4, contain: 'inline-size' }}>
      <Title title={title} />
      {back && (
        <Button component={Link} to={back.to} startIcon={<ArrowBack />} size="small" sx={{ mb: 1, ml: -0.5 }}>
          {back.label}
        </Button>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        {heading ?? (
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        )}
        {actions}
      </Stack>
      {children}
    </Box>
  );
}

/** A section of a page with its own heading and an optional link beside it. */
export function Section({
  title,
  action,
  children,
  id,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Stack
        direction="row"
        sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between', columnGap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" id={id} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
