import { useSyncExternalStore } from 'react';
import { useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '.';
import { serverLanguageStore } from '../i18nProvider';
import { useQuery } from './query';

/**
 * The server's menu for the signed-in user, through the provider; fetched again when the language
 * changes, once the account holds the new one (the server answers in the account's language).
 */
export function useServerMenu(kind: 'main' | 'dropdown') {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const locale = useSyncExternalStore(serverLanguageStore.subscribe, serverLanguageStore.get);
  return useQuery({
    queryKey: ['menu', kind, locale],
    queryFn: () => dataProvider.getMenu(kind),
    staleTime: 5 * 60_000,
  });
}

/** The footer links for the signed-in layout; fetched again when the language changes, as the menu. */
export function useFooterLinks() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const locale = useSyncExternalStore(serverLanguageStore.subscribe, serverLanguageStore.get);
  return useQuery({
    queryKey: ['footer_links', locale],
    queryFn: () => dataProvider.getFooterLinks(),
    staleTime: 5 * 60_000,
  });
}
