import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { RecordsIterator, useListContext, type RaRecord } from 'react-admin';

/** Narrower cell padding, so a table of many figures fits a laptop's width with its headers wrapped. */
export const TIGHT_CELLS = { '& .MuiTableCell-root': { px: 1 } } as const;

/**
 * A phone's form of a table of figures: one block per row of the list in context, its title and a
 * label–value line per figure, since several figures side by side do not fit a phone's width.
 */
export function FigureBlocks<R extends RaRecord>({
  testId,
  title,
  lines,
  empty,
}: {
  testId: string;
  title: (r: R) => ReactNode;
  lines: (r: R) => Array<[string, string]>;
  empty: ReactNode;
}) {
  const { data = [], isPending } = useListContext<R>();
  if (!isPending && !data.length) return <>{empty}</>;
  return (
    <Box data-testid={testId}>
      <RecordsIterator<R>
        render={(r) => (
          <Box sx={{ py: 1 }}>
            <Typography sx={{ fontWeight: 500, mb: 0.5 }}>{title(r)}</Typography>
            {lines(r).map(([label, value]) => (
              <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="body2">{value}</Typography>
              </Box>
            ))}
            <Divider sx={{ mt: 1 }} />
          </Box>
        )}
      />
    </Box>
  );
}
