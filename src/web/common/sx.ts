import type { SxProps, Theme } from '@mui/material';

type SxItem = Extract<SxProps<Theme>, readonly unknown[]>[number];

/** The caller's `sx` (an object, a function or a list) as list items, to follow a component's own styles (MUI's pattern). */
export const sxItems = (sx: SxProps<Theme> | undefined): readonly SxItem[] =>
  Array.isArray(sx) ? (sx as readonly SxItem[]) : [(sx ?? false) as SxItem];
