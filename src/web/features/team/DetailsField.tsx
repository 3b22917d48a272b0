import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** The catalogue key of a user-details field label. */
export const detailsLabel = (key: string) => `atrium.team.details.fields.${key}`;

/** The grid the user-details fields sit in: two columns on a phone, four on a desktop. */
export const DETAILS_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
} as const;

/** One labelled value of a user's details ('—' when empty): the member's details page and the staff person page. */
export function DetailsField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}
