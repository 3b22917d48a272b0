import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

/**
 * react-admin's query client (passed to <AdminContext>), with one change from TanStack's defaults: a
 * read the server answered on purpose (a 4xx: refused, not found, invalid) is not asked again, so a
 * refusal shows at once instead of after three retries; a server error or a lost connection is retried
 * twice (about three seconds) before the page shows it with "Try again".
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2,
    },
  },
});
