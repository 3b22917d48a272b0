import { useEffect, useRef, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import {
  FilterButton,
  FilterContext,
  FilterFormBase,
  FilterFormClasses,
  FilterLiveForm,
  ListContextProvider,
  ListView,
  removeEmpty,
  TopToolbar,
  useInput,
  useListContext,
  type ListControllerResult,
  type ListViewProps,
} from 'react-admin';
import { useStillHere } from './List';
import { ListError, ListPagination } from './ListError';

/**
 * The inputs above a list's table, laid out as react-admin's own filter form; their values live in the
 * list's one FilterLiveForm (formComponent NoFormElement), beside pickers elsewhere on the page (tabs,
 * panels) that are fields of the same form: every change then goes out in one debounced submit carrying
 * every field's current value, so the last action wins. A picker calling setFilters itself raced the
 * search's submit, which merged the list's filters as last rendered (react-router renders navigations in
 * a transition) and put the old pick back.
 */
export function SharedFilterRow({ filters }: { filters: ReactElement[] }) {
  return (
    <Box
      role="search"
      sx={{
        display: 'flex',
        flex: { xs: '0 1 auto', md: '0 1 100%' },
        width: { xs: '100%', sm: 'auto' },
        minHeight: { sm: 64 },
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        pb: 0.5,
        '& .MuiFormHelperText-root': { display: 'none' },
        [`& .${FilterFormClasses.filterFormInput} .MuiFormControl-root`]: { mt: 1 },
      }}
    >
      <FilterFormBase filters={filters} />
    </Box>
  );
}

/** The shared form is state, not an element: its inputs sit apart on the page. */
function NoFormElement({ children }: Pick<HTMLAttributes<HTMLFormElement>, 'onSubmit'> & { children?: ReactNode }) {
  return <>{children}</>;
}

/** A filter as text, its keys in order: two filters are the same when these are. */
const filterKey = (filter: unknown): string =>
  JSON.stringify(filter, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * The list's one filter form (react-admin's FilterLiveForm, no form element) around `children`: the
 * filter row's inputs and the pickers (useFilterField) are its fields. Its submits reach the list through
 * a guard that drops two kinds of late ones:
 * - a submit after the person left the list (useStillHere).
 * - a submit of what was already sent (a picker's own submit, then the form's debounced one with the
 *   same values): it would add a second history entry and take the list back to its first page.
 */
export function SharedFilterForm({ children }: { children: ReactNode }) {
  const list = useListContext();
  const stillHere = useStillHere();
  const { setFilters } = list;
  const filterValues = list.filterValues as Record<string, unknown>;
  // What was last sent, until the list shows filters again (then those are what a new submit is compared to).
  const sent = useRef<string | undefined>(undefined);
  const applied = filterKey(filterValues);
  useEffect(() => {
    sent.current = undefined;
  }, [applied]);
  // A new value on each render, as the list's own context is.
  const guarded: ListControllerResult = {
    ...list,
    setFilters: (filter, displayedFilters, debounce) => {
      if (!stillHere()) return;
      const next = filterKey(removeEmpty(filter));
      if (next === (sent.current ?? applied)) return;
      sent.current = next;
      setFilters(filter, displayedFilters, debounce);
    },
  };
  return (
    <ListContextProvider value={guarded}>
      <FilterLiveForm formComponent={NoFormElement}>{children}</FilterLiveForm>
    </ListContextProvider>
  );
}

/**
 * A staff list's view inside its one filter form: the filter row above, pickers among `children` (tabs)
 * as fields of the same form, react-admin's pagination and the list's refusal or error. `view` overrides
 * ListView's props (a title; `actions={<SharedFilterActions />}` for filters that are not always shown).
 */
export function SharedFilterListView({
  filters,
  children,
  ...view
}: { filters: ReactElement[]; children: ReactNode } & Omit<ListViewProps, 'filters' | 'children'>) {
  return (
    <SharedFilterForm>
      <FilterContext.Provider value={filters}>
        <ListView
          title={false}
          actions={false}
          filters={<SharedFilterRow filters={filters} />}
          pagination={<ListPagination />}
          empty={false}
          error={<ListError />}
          // A flex item takes its content's width by default: let it shrink so the table scrolls in its own box on a phone.
          sx={{ '& .RaList-main': { minWidth: 0 } }}
          {...view}
        >
          {children}
        </ListView>
      </FilterContext.Provider>
    </SharedFilterForm>
  );
}

/**
 * react-admin's "Add filter" button for SharedFilterListView (it reads the filters from FilterContext).
 * Not react-admin's ListActions: the list's toolbar hands it the filter row, which it would draw again.
 */
export function SharedFilterActions() {
  return (
    <TopToolbar>
      <FilterButton />
    </TopToolbar>
  );
}

/**
 * One filter of the list as a field of its filter form (SharedFilterForm): its value as the form holds
 * it (what the person last picked, not yet applied perhaps) and a setter (`null` removes the filter). A
 * pick is a click, not typing: it goes out at once, with every field's current value as the form's
 * submit sends them (the form's own debounced submit of the same values is then dropped). A picker that
 * called setFilters with the list's filters alone raced the form's debounced submit (see SharedFilterRow).
 */
export function useFilterField<T>(source: string) {
  const { field } = useInput({ source });
  const { getValues } = useFormContext();
  const list = useListContext();
  const value = field.value === '' || field.value === null ? undefined : (field.value as T);
  const set = (next: T | null) => {
    field.onChange(next);
    list.setFilters({ ...(list.filterValues as Record<string, unknown>), ...getValues() });
  };
  return [value, set] as const;
}
