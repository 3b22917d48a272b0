import { hashKey } from '@tanstack/react-query';
import { markEarly, queryClient } from './queryClient';
import { providerKey } from './providerHooks';
import { menusMethods } from './menus';
import { failingAsHttpError } from './errors';
import type { EarlyRead } from './earlyReads';
import { serverLanguageStore } from '../i18nProvider';

const noop = () => undefined;

/**
 * Asks, at a signed-in start (openedPage.ts), for what the first render waits on, with the same keys as
 * their hooks (menusHooks.ts): the route check of the opened page, the side and user menus and the footer in
 * the account's language. They need only the small menus module, not the data provider's. Once the route
 * check lets the user open the page, and not before (a refused page never asks for its data), the page's
 * own first reads (`reads`, its route's EarlyReads) are asked too, through the data provider.
 */
export function prefetchOpenedPage(pathname: string, reads: () => readonly EarlyRead[]) {
  // A failure is left for the hooks to ask again and show.
  const ask = (options: Parameters<typeof queryClient.query>[0]) => queryClient.query(options).catch(noop);
  const language = serverLanguageStore.get();
  void ask({
    queryKey: providerKey('getMenu', language, 'main'),
    // The menus' calls fail as the data provider's do (react-admin's HttpError): their hooks show that.
    queryFn: failingAsHttpError(() => menusMethods.getMenu('main')),
  });
  void ask({
    queryKey: providerKey('getMenu', language, 'dropdown'),
    queryFn: failingAsHttpError(() => menusMethods.getMenu('dropdown')),
  });
  void ask({
    queryKey: providerKey('getFooterLinks', language),
    queryFn: failingAsHttpError(() => menusMethods.getFooterLinks()),
  });
  // `/` has no page of its own to check: it sends the user to their role's start page, which asks for itself.
  if (pathname === '/') return;
  const provider = import('./index').then((m) => m.dataProvider);
  queryClient
    .query({
      queryKey: providerKey('checkAccess', null, pathname),
      queryFn: failingAsHttpError(() => menusMethods.checkAccess(pathname)),
    })
    .then((access) => {
      if (!access.allow) return;
      for (const read of reads()) {
        markEarly(hashKey(read.queryKey));
        void ask({ queryKey: read.queryKey, queryFn: async () => read.queryFn(await provider) });
      }
    }, noop);
}
