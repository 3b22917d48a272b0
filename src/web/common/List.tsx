import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Pagination } from './Pagination';
import {
  ListBase,
  ListContextProvider,
  ListView,
  Loading,
  useListContext,
  type ListControllerResult,
  type ListProps,
  type RaRecord,
} from 'react-admin';

/**
 * Whether the person is still at the list's address, for its filter submits: react-admin's filter form
 * submits 500 ms after the last keystroke and does not cancel that on leaving; the list stays mounted
 * while the next screen's code loads (react-router renders a navigation in a transition), and its
 * setFilters navigates to the list's address: a row opened just after typing a search went back to the
 * list.
 */
export function useStillHere(): () => boolean {
  const { pathname } = useLocation();
  return () => window.location.pathname === pathname;
}

function StayOnList({ children }: { children: ReactNode }) {
  const list = useListContext();
  const stillHere = useStillHere();
  // A new value on each render, as the list's own context is.
  const guarded: ListControllerResult = {
    ...list,
    setFilters: (...args) => {
      if (stillHere()) list.setFilters(...args);
    },
  };
  return <ListContextProvider value={guarded}>{children}</ListContextProvider>;
}

/**
 * react-admin's <List> (ListBase and ListView, with List's own defaults), its filter submits dropped
 * once the person has left the list (useStillHere), its page arrows named in the person's language (Pagination). Every list of the app is this one (ESLint).
 * Without react-admin's own sign-in and access checks by default: the signed-in app is behind them already
 * (AdminUI's requireAuth, a page registered only for a role the table allows, the server's route check in
 * ServerAccess, the server's check of every call), and waiting for their answers kept a list whose first
 * page was already read (earlyReads.ts) on its spinner for one more render: at 4× CPU, 0.2 s (docs/performance.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-admin's own default for a list's record
export function List<RecordType extends RaRecord = any>({
  debounce,
  disableAuthentication = true,
  disableSyncWithLocation,
  exporter,
  filter = NO_FILTER,
  filterDefaultValues,
  perPage = 10,
  queryOptions,
  resource,
  sort,
  storeKey,
  authLoading = AUTH_LOADING,
  loading,
  pagination = PAGINATION,
  ...view
}: ListProps<RecordType>) {
  return (
    <ListBase<RecordType>
      debounce={debounce}
      disableAuthentication={disableAuthentication}
      disableSyncWithLocation={disableSyncWithLocation}
      exporter={exporter}
      filter={filter}
      filterDefaultValues={filterDefaultValues}
      perPage={perPage}
      queryOptions={queryOptions}
      resource={resource}
      sort={sort}
      storeKey={storeKey}
      authLoading={authLoading}
      loading={loading}
      // ListView shows the offline state itself, as react-admin's List leaves it.
      offline={false}
    >
      <StayOnList>
        <ListView<RecordType> pagination={pagination} {...view} />
      </StayOnList>
    </ListBase>
  );
}

const NO_FILTER = {};
const AUTH_LOADING = <Loading />;
const PAGINATION = <Pagination />;
