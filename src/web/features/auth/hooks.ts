import { useCallback } from 'react';
import { useQueryClient } from '../../providers/data/query';

/**
 * Drops react-admin's cached auth state (`['auth', …]`: the "logged out" answer of checkAuth, the
 * identity), for a session started outside the login form: else the next screen would log out again.
 */
export function useResetAuthQueries() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.resetQueries({ queryKey: ['auth'] }), [queryClient]);
}
