/** A wide table scrolls inside its card instead of widening the page (phones). */
export const TABLE_FITS = {
  minWidth: 0,
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { minWidth: 0, overflowX: 'auto' },
} as const;
