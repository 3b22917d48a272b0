import { useCallback } from 'react';
import { useQueryClient } from './query';

/** Whether a query is a count: react-admin's getList of the resource asking for one row (FilterTabs' TabCount). */
const isCountOf = (resource: string) => (query: { queryKey: readonly unknown[] }) => {
  const [res, method, params] = query.queryKey;
  return (
    res === resource &&
    method === 'getList' &&
    (params as { pagination?: { perPage?: number } } | undefined)?.pagination?.perPage === 1
  );
};

/** Reads a resource's counts (its one-row getLists) again, on react-admin's query client. */
export function useRefreshCounts(resource: string) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ predicate: isCountOf(resource) }), [client, resource]);
}
