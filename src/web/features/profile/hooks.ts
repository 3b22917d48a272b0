import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import type { SchemaProfile } from '../../../api/schema';
import { useQueryClient } from '../../providers/data/query';
import { providerKey } from '../../providers/data/keys';
import { useProviderQuery } from '../../providers/data/providerHooks';

/**
 * The signed-in user's profile, read again when the window gets focus back. TanStack Query by itself
 * hears only `visibilitychange` (a tab shown again), not a window coming back from another application,
 * such as the Telegram app where /stop just unlinked the account.
 */
export function useProfile() {
  const query = useProviderQuery('getProfile', []);
  const { refetch } = query;
  useEffect(() => {
    // A read already under way (the tab's own visibilitychange) is joined, not started again.
    const onFocus = () => void refetch({ cancelRefetch: false });
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
    };
  }, [refetch]);
  return query;
}

/** The same profile, also read again every few seconds while `watching` (a Telegram deep link is open). */
export const useProfileWatch = (watching: boolean) =>
  useProviderQuery('getProfile', [], { refetchInterval: watching ? 2_000 : false });

/**
 * Shows a saved user everywhere: the profile pages get it at once and the AppBar's identity (name,
 * avatar) is read again. The provider has already stored the session.
 */
export function useApplyProfile() {
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  return (user: SchemaProfile) => {
    // Also before a profile page has read it (the next one opened shows it at once), and in every language.
    queryClient.setQueryData(providerKey('getProfile', locale), user);
    queryClient.setQueriesData({ queryKey: ['getProfile'] }, user);
    return queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
  };
}
