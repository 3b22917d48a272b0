import { MutationCache, QueryClient } from '@tanstack/react-query';
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
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onSuccess: (answer, _variables, _context, _mutation, { client, mutationKey }) =>
      applyResourceInvalidation(client, mutationKey, answer),
  }),
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2,
    },
  },
});
