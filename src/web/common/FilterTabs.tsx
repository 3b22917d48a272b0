import { useEffect, useRef } from 'react';
import { CircularProgress, Divider, Tab, Tabs } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { useRefreshCounts } from '../providers/data/listHooks';
import { useFilterField } from './SharedFilterForm';

const ALL = '__all';

/** How many records a filter finds (one row asked for, the total read), refreshed with the list when it polls. */
function TabCount({
  resource,
  filter,
  refetchInterval,
}: {
  resource: string;
  filter: Record<string, unknown>;
  refetchInterval?: number | false;
}) {
  const { total, isPending, error } = useGetList(
    resource,
    { filter, pagination: { page: 1, perPage: 1 } },
    { refetchInterval },
  );
  if (isPending) return <CircularProgress size={12} sx={{ ml: 0.5 }} />;
  if (error) return <ErrorOutline fontSize="inherit" color="error" sx={{ ml: 0.5 }} />;
  return <>{` (${total ?? 0})`}</>;
}

/** Reads the tabs' counts again (on react-admin's query client) whenever `version` changes from one value to another. */
function useCountsFollow(resource: string, version: string | undefined) {
  const refreshCounts = useRefreshCounts(resource);
  const seen = useRef(version);
  useEffect(() => {
    const before = seen.current;
    seen.current = version;
    // The first value (the list's first page arriving) is what the counts were just read with.
    if (version === before || before === undefined) return;
    void refreshCounts();
  }, [refreshCounts, version]);
}

/**
 * Tabs bound to one filter of the list, each with its count, as react-admin's demo OrderList does;
 * `all` (a catalogue key) adds a first tab without that filter. The tabs are a field of the list's
 * filter form (SharedFilterForm, or SharedFilterListView), so a tab picked
 * just before or after another filter changes goes out in one submit with it: the last action wins.
 */
export function FilterTabs({
  source,
  choices,
  label,
  all,
  refetchInterval,
  version,
}: {
  source: string;
  /** The filter's name (a catalogue key), read by screen readers. */
  label: string;
  choices: ReadonlyArray<{ id: string; name: string }>;
  all?: string;
  refetchInterval?: number | false;
  /** Something the counts depend on beyond the list's own polling (e.g. the statuses shown): when it changes, they are read again. */
  version?: string;
}) {
  const translate = useTranslate();
  const list = useListContext();
  const { resource } = list;
  const [value, setValue] = useFilterField<string>(source);
  useCountsFollow(resource, version);
  // The counts are of the filters applied; the tab shown is the one picked.
  const { [source]: _applied, ...others } = (list.filterValues ?? {}) as Record<string, unknown>;
  const current = typeof value === 'string' && value ? value : all ? ALL : choices[0]?.id;
  return (
    <>
      <Tabs
        value={current}
        onChange={(_e, v: string) => {
          setValue(v === ALL ? null : v);
        }}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate(label)}
      >
        {all && (
          <Tab
            value={ALL}
            label={
              <span>
                {translate(all)}
                <TabCount resource={resource} filter={others} refetchInterval={refetchInterval} />
              </span>
            }
          />
        )}
        {choices.map((c) => (
          <Tab
            key={c.id}
            value={c.id}
            data-testid={`tab-${c.id}`}
            label={
              <span>
                {translate(c.name)}
                <TabCount
                  resource={resource}
                  filter={{ ...others, [source]: c.id }}
                  refetchInterval={refetchInterval}
                />
              </span>
            }
          />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}
