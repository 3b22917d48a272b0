import { hashKey, MutationCache, QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { applyResourceInvalidation } from './invalidation';

/**
 * react-admin's query client (passed to <AdminContext>), with two changes from TanStack's defaults: a
 * read the server answered on purpose (a 4xx: refused, not found, invalid) is not asked again, so a
 * refusal shows at once instead of after three retries; a server error or a lost connection is retried
 * twice (about three seconds) before the page shows it with "Try again". And a change made through
 * react-admin's hooks (an admin saving a footer link) reads again what its resource declared stale
 * beside its adapter (invalidation.ts's invalidatingOnChange): react-admin refreshes only the resource's
 * own lists and records.
 */
/** How long a read asked ahead of its screen (earlyReads.ts) counts as fresh, if nothing has changed it since. */
const EARLY_FRESH_MS = 30_000;
const early = new Set<string>();

/**
 * Marks a query as asked ahead of its screen (startup.ts): until it is read again, its first answer is
 * fresh for EARLY_FRESH_MS, so the screen that mounts on it draws it without asking the same thing a second
 * time (TanStack's default staleness, 0, would). An invalidation still makes it stale at once.
 */
export function markEarly(queryKey: QueryKey) {
  early.add(hashKey(queryKey));
}

const staleTime = (query: Query) =>
  query.state.dataUpdateCount === 1 && early.has(query.queryHash) ? EARLY_FRESH_MS : 0;

export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onSuccess: (answer, _variables, _context, _mutation, { client, mutationKey }) =>
      applyResourceInvalidation(client, mutationKey, answer),
  }),
  defaultOptions: {
    queries: {
      staleTime,
      retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2,
    },
  },
});
