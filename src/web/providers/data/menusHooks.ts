import { useEffect, useSyncExternalStore } from 'react';
import { serverLanguageStore } from '../i18nProvider';
import { useQueryClient } from './query';
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

/**
 * Whether the server lets the signed-in user open the page at `path` (menu/check_access/), asked again
 * on every visit and when the window gets the focus, so a rights change takes effect without a new
 * login (#40 item 4). A refusal also reads the side menu again, which
 * then leaves out what the role no longer opens (the pages registered follow at the next load or focus,
 * authProvider's followAccountChanges; until then the server refuses them here).
 */
export function useRouteAccess(path: string, visitSince: number) {
  const client = useQueryClient();
  const query = useProviderQuery('checkAccess', [path], {
    locale: null,
    staleTime: 0,
    // An answer asked since the visit began (the opened page's, as the app started: startup.ts) is not asked twice.
    refetchOnMount: (q) => q.state.dataUpdatedAt < visitSince,
  });
  const refused = query.data?.allow === false;
  useEffect(() => {
    if (!refused) return;
    void client.invalidateQueries({ queryKey: ['getMenu'] });
  }, [refused, client]);
  return query;
}

/**
 * The structure list's filters and column headers, in the language the server answers in: read again
 * once the account holds a newly picked language, so the headers follow a switch without a reload
 * (#40 finding 16; keyed by the interface language, the read could go out before the account changed
 * and keep the old language's headers under the new key).
 */
export function useStructureChoices() {
  const locale = useSyncExternalStore(serverLanguageStore.subscribe, serverLanguageStore.get);
  return useProviderQuery('getStructureChoices', [], { locale, staleTime: 60_000 });
}
