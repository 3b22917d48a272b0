import type { ReactElement, ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { SimpleList, type RaRecord } from 'react-admin';

/**
 * A DataTable on tablets and desktops; on a phone a one-column list (primary and secondary text,
 * tap to edit) instead of a table wider than the screen.
 */
export function ResponsiveTable<R extends RaRecord>({
  table,
  primary,
  secondary,
  tertiary,
  empty,
}: {
  table: ReactElement;
  primary: (r: R) => ReactNode;
  secondary?: (r: R) => ReactNode;
  tertiary?: (r: R) => ReactNode;
  /** What the phone list shows with no rows (SimpleList's default otherwise). */
  empty?: ReactNode;
}) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (!phone) return table;
  return (
    <SimpleList<R>
      primaryText={primary}
      secondaryText={secondary}
      tertiaryText={tertiary}
      rowClick="edit"
      {...(empty !== undefined && { empty })}
    />
  );
}
