import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** A grid of equal cards (books, products, lessons), `columns` across from each screen width up. */
export function CardGrid({ columns, children }: { columns: Partial<Record<Breakpoint, number>>; children: ReactNode }) {
  const template = Object.fromEntries(
    Object.entries(columns).map(([at, n]) => [at, n === 1 ? '1fr' : `repeat(${String(n)}, minmax(0, 1fr))`]),
  );
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: template }}>{children}</Box>;
}

/**
 * One card of a CardGrid, a link as a whole: the picture (with what lies over it), the title, the lines
 * under it, and a chip row kept at the bottom so the cards of a row line up.
 */
export function LinkCard({
  to,
  testId,
  media,
  title,
  chip,
  children,
}: {
  to: string;
  testId: string;
  media: ReactNode;
  title: string;
  chip: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardActionArea
        component={Link}
        to={to}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ p: { xs: 1.5, sm: 2 }, pb: 0, position: 'relative' }}>{media}</Box>
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {title}
          </Typography>
          {children}
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" sx={{ mt: 1 }}>
            {chip}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
