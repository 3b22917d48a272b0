import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import { Box } from '@mui/material';
import { FilterFormBase, FilterFormClasses } from 'react-admin';

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
