/** A wide table scrolls inside its card instead of widening the page (phones). */
export const TABLE_FITS = {
  minWidth: 0,
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { minWidth: 0, overflowX: 'auto' },
} as const;

/**
 * The same for a table with bulk actions: the table scrolls sideways in its own box (phones) while
 * the bulk actions bar, drawn above the table, stays visible: a scrolling list content would clip it.
 */
export const BULK_TABLE_FITS = {
  ...TABLE_FITS,
  '& .RaList-content': { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
} as const;
