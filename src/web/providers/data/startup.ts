import type { QueryKey } from '@tanstack/react-query';
import { markEarly, queryClient } from './queryClient';
import { providerKey } from './keys';
import { menusMethods } from './menus';
import { failingAsHttpError } from './errors';
import type { EarlyRead } from './earlyReads';
import type { AtriumDataProvider } from '.';
import { serverLanguageStore } from '../i18nProvider';

const noop = () => undefined;

/**
 * The data provider's code, loaded once: asked for at a signed-in start (every signed-in page reads through
 * it at once), and otherwise with the first call of App.tsx's lazy provider.
 */
let provider: Promise<AtriumDataProvider> | undefined;
export const loadProvider = () => (provider ??= import('./index').then((m) => m.dataProvider));

/** Asks a read ahead of its hook, which then finds it fresh; a failure is left for the hook to ask again and show. */
function askEarly(queryKey: QueryKey, queryFn: () => Promise<unknown>) {
  markEarly(queryKey);
  return queryClient.query({ queryKey, queryFn }).catch(noop);
}

/** The route check of the page at `pathname`, with the key of its hook (ServerAccess). */
const checkAccess = (pathname: string) =>
  queryClient.query({
    queryKey: providerKey('checkAccess', null, pathname),
    // The menus' calls fail as the data provider's do (react-admin's HttpError): their hooks show that.
    queryFn: failingAsHttpError(() => menusMethods.checkAccess(pathname)),
  });

/**
 * A signed-in start (main.tsx, with the page's first script): asks for what the first render waits on, with
 * the keys of their hooks (menusHooks.ts): the side and user menus and the footer in the account's language,
 * and the route check of the opened page. They need only the small menus module and the query client, not
 * react-admin: they are answered while the signed-in app's code loads and starts. The data provider's code
 * is asked for beside the app's, so the page's reads need not wait for the first render to end.
 */
export function askSignedInStart(pathname: string) {
  void loadProvider();
  const language = serverLanguageStore.get();
  void askEarly(
    providerKey('getMenu', language, 'main'),
    failingAsHttpError(() => menusMethods.getMenu('main')),
  );
  void askEarly(
    providerKey('getMenu', language, 'dropdown'),
    failingAsHttpError(() => menusMethods.getMenu('dropdown')),
  );
  void askEarly(
    providerKey('getFooterLinks', language),
    failingAsHttpError(() => menusMethods.getFooterLinks()),
  );
  // `/` has no page of its own to check: it sends the user to their role's start page, which asks for itself.
  if (pathname !== '/') {
    markEarly(providerKey('checkAccess', null, pathname));
    checkAccess(pathname).catch(noop);
  }
}

/**
 * The opened page's own first reads (`reads`, its route's EarlyReads; openedPage.ts, as the signed-in app's
 * code starts), through the data provider, once the route check asked at the start lets the user open the
 * page, and not before: a refused page never asks for its data.
 */
export function askOpenedPageReads(pathname: string, reads: () => readonly EarlyRead[]) {
  if (pathname === '/') return;
  checkAccess(pathname).then((access) => {
    if (!access.allow) return;
    for (const read of reads()) void askEarly(read.queryKey, async () => read.queryFn(await loadProvider()));
  }, noop);
}
