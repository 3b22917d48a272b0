import { Pagination, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { pageCount } from './usePaging';

const LABELS = {
  first: 'atrium.learning.common.first_page',
  last: 'atrium.learning.common.last_page',
  next: 'atrium.learning.common.next_page',
  previous: 'atrium.learning.common.previous_page',
} as const;

/** Page links under a list; nothing when everything fits on one page. */
export function Pager({
  count,
  pageSize,
  page,
  onChange,
}: {
  count: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const translate = useTranslate();
  const pages = pageCount(count, pageSize);
  if (pages <= 1) return null;
  return (
    <Stack sx={{ alignItems: 'center', mt: 3 }}>
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        onChange={(_, p) => {
          onChange(p);
          window.scrollTo({ top: 0 });
        }}
        color="primary"
        siblingCount={0}
        getItemAriaLabel={(type, p) =>
          type === 'page'
            ? translate('atrium.learning.common.page', { page: p ?? 0 })
            : type in LABELS
              ? translate(LABELS[type as keyof typeof LABELS])
              : ''
        }
      />
    </Stack>
  );
}
