import { queryClient } from './queryClient';
import { providerKey } from './providerHooks';
import { serverLanguageStore } from '../i18nProvider';

/**
 * Asks, as the signed-in app's code starts, for what its first render waits on: the route check of the
 * opened page, the side and user menus and the footer in the account's language, with the same keys as their hooks
 * (menusHooks.ts). Without it they were asked only once the layout had rendered and the adapters' code had
 * loaded after it: at 4× CPU about a second after the layout's code was in (docs/performance.md).
 */
export function prefetchOpenedPage(pathname: string) {
  // A failure is left for the hooks to ask again and show.
  const ask = (options: Parameters<typeof queryClient.query>[0]) => {
    queryClient.query(options).catch(() => undefined);
  };
  const provider = import('./index').then((m) => m.dataProvider);
  const language = serverLanguageStore.get();
  // `/` has no page of its own to check: it sends the user to their role's start page, which asks for itself.
  if (pathname !== '/')
    ask({
      queryKey: providerKey('checkAccess', null, pathname),
      queryFn: async () => (await provider).checkAccess(pathname),
    });
  ask({
    queryKey: providerKey('getMenu', language, 'main'),
    queryFn: async () => (await provider).getMenu('main'),
  });
  ask({
    queryKey: providerKey('getMenu', language, 'dropdown'),
    queryFn: async () => (await provider).getMenu('dropdown'),
  });
  ask({
    queryKey: providerKey('getFooterLinks', language),
    queryFn: async () => (await provider).getFooterLinks(),
  });
}
