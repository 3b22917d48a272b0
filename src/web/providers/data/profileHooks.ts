import { useDataProvider } from 'react-admin';
import type { SchemaProfile } from '../../../api/schema';
import type { AtriumDataProvider } from '.';
import { useQuery, useQueryClient } from './query';

const PROFILE_QUERY = ['profile', 'me'] as const;

/** The signed-in user's profile, through the provider (refetched when the window regains focus). */
export function useProfile() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({ queryKey: PROFILE_QUERY, queryFn: () => dataProvider.getProfile() });
}

/** The same profile, also read again every few seconds while `watching` (a Telegram deep link is open). */
export function useProfileWatch(watching: boolean) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({
    queryKey: PROFILE_QUERY,
    queryFn: () => dataProvider.getProfile(),
    refetchInterval: watching ? 2_000 : false,
  });
}

/**
 * Shows a saved user everywhere: the profile pages get it at once and the AppBar's identity (name,
 * avatar) is read again. The provider has already stored the session.
 */
export function useApplyProfile() {
  const queryClient = useQueryClient();
  return (user: SchemaProfile) => {
    queryClient.setQueryData(PROFILE_QUERY, user);
    return queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
  };
}
