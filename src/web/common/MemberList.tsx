import { useEffect, useRef, type ReactNode } from 'react';
import { Box, InputAdornment, Stack } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import {
  ListBase,
  TextInput,
  useListContext,
  useLocaleState,
  type FilterPayload,
  type UseGetListOptions,
} from 'react-admin';
import { Pagination } from './Pagination';
import { SharedFilterForm } from './SharedFilterForm';
import { QueryState } from './States';

/**
 * A member's list (news, events, lessons) on react-admin's list machinery: its page and filters live
 * in the address (`?filter=…&page=2`) and react-admin's store keeps them under `storeKey`, so Back, a
 * reload and an item's "all news" link land on the page and search the member left. The server
 * answers in the interface language, so the locale is the query's `meta` (part of its key). The search
 * and the pickers (tabs, toggles: useFilterField) are fields of one filter form around `children`, so a
 * toggle clicked just before or after typing goes out in one submit with the search: the last action wins.
 */
export function MemberListBase({
  resource,
  storeKey,
  perPage,
  filter,
  enabled,
  children,
}: {
  resource: string;
  storeKey: string;
  perPage: number;
  /** Applied under the member's filters (a category's id), never shown in the address. */
  filter?: FilterPayload;
  enabled?: UseGetListOptions['enabled'];
  children: ReactNode;
}) {
  const [locale] = useLocaleState();
  return (
    <ListBase
      resource={resource}
      storeKey={storeKey}
      perPage={perPage}
      filter={filter}
      queryOptions={{
        meta: { locale },
        ...(enabled === undefined ? {} : { enabled }),
        // The failure is shown in place (ListRows' ErrorBlock with a retry), not also as a toast.
        onError: () => undefined,
      }}
    >
      <SharedFilterForm>{children}</SharedFilterForm>
    </ListBase>
  );
}

/**
 * The rows of the list in context (`children`, e.g. a RecordsIterator): loading, the error with a
 * retry, `empty` when nothing is found, or the rows with the page links under them (none while
 * everything fits on one page). `perPageOptions` lets the member pick how many rows a page takes (on
 * a laptop; a phone keeps the list's size). Another page starts at its top: the links are under the
 * rows, and the new page would otherwise open scrolled to its end.
 */
export function ListRows({
  empty,
  perPageOptions,
  children,
}: {
  empty: ReactNode;
  perPageOptions?: number[];
  children: ReactNode;
}) {
  const list = useListContext();
  const top = useRef<HTMLDivElement>(null);
  const shownPage = useRef(list.page);
  useEffect(() => {
    if (shownPage.current === list.page) return;
    shownPage.current = list.page;
    if ((top.current?.getBoundingClientRect().top ?? 0) < 0) top.current?.scrollIntoView({ block: 'start' });
  }, [list.page]);
  const options = perPageOptions ?? [list.perPage];
  return (
    <QueryState query={list}>
      {(rows) =>
        rows.length ? (
          <Box ref={top} sx={{ scrollMarginTop: 72 }}>
            {children}
            {(list.total ?? 0) > Math.min(list.perPage, ...options) && (
              <Stack sx={{ alignItems: 'center', mt: 3 }}>
                <Pagination rowsPerPageOptions={options} />
              </Stack>
            )}
          </Box>
        ) : (
          empty
        )
      }
    </QueryState>
  );
}

/** The list's filters as applied (a picker shows its own field's value: useFilterField). */
export function useListFilter(): MemberFilter {
  return useListContext().filterValues as MemberFilter;
}

/** The filters the member lists use: the search, news' important, a category's completed, events' period. */
type MemberFilter = { q?: string; important?: true; completed?: boolean; period?: 'past' };

/** The list's search box (its `q` filter, a field of the list's filter form), applied as the member types. */
export function ListSearch({ label }: { label: string }) {
  return (
    <TextInput
      source="q"
      label={label}
      resettable
      helperText={false}
      size="small"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: 320 } }}
    />
  );
}
