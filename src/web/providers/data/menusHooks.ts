import { useSyncExternalStore } from 'react';
import { serverLanguageStore } from '../i18nProvider';
import { useProviderQuery } from './providerHooks';

/**
 * The server's menu for the signed-in user; fetched again when the language changes, once the account
 * holds the new one (the server answers in the account's language, so that is the key's language).
 */
export function useServerMenu(kind: 'main' | 'dropdown') {
  const locale = useSyncExternalStore(serverLanguageStore.subscribe, serverLanguageStore.get);
  return useProviderQuery('getMenu', [kind], { locale, staleTime: 5 * 60_000 });
}

/** The footer links for the signed-in layout; fetched again when the language changes, as the menu. */
export function useFooterLinks() {
  const locale = useSyncExternalStore(serverLanguageStore.subscribe, serverLanguageStore.get);
  return useProviderQuery('getFooterLinks', [], { locale, staleTime: 5 * 60_000 });
}
