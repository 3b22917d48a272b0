import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import { Box } from '@mui/material';
import {
  FilterButton,
  FilterContext,
  FilterFormBase,
  FilterFormClasses,
  FilterLiveForm,
  ListView,
  TopToolbar,
  useInput,
  type ListViewProps,
} from 'react-admin';
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
export function NoFormElement({
  children,
}: Pick<HTMLAttributes<HTMLFormElement>, 'onSubmit'> & { children?: ReactNode }) {
  return <>{children}</>;
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
    <FilterLiveForm formComponent={NoFormElement}>
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
    </FilterLiveForm>
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
 * One filter of the list as a field of its filter form (SharedFilterListView, or a FilterLiveForm
 * with NoFormElement): its value as the form holds it (what the person last picked, not yet applied
 * perhaps) and a setter (`null` removes the filter). A picker that called setFilters itself raced the
 * form's debounced submit (see SharedFilterRow).
 */
export function useFilterField<T>(source: string) {
  const { field } = useInput({ source });
  const value = field.value === '' || field.value === null ? undefined : (field.value as T);
  const set = (next: T | null) => {
    field.onChange(next);
  };
  return [value, set] as const;
}
