import { isValidElement } from 'react';
import { matchPath } from 'react-router-dom';
import { askOpenedPageReads } from './providers/data/startup';
import { i18nProvider } from './providers/i18nProvider';
import { store } from './providers/store';
import { preloadScreen } from './common/lazyScreen';
import { PAGES } from './features';

/**
 * A signed-in start at a page's address (AdminApp.tsx, as its code runs): starts the download of the page's
 * screen and, once the route check asked at the start (main.tsx, startup.ts) allows it, the page's own first
 * reads (its route's EarlyReads). The page's data used to be asked only once the layout and the page had
 * been drawn empty, to be drawn a second time with it (docs/performance.md).
 */
export function startOpenedPage({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  const opened = PAGES.flatMap((v) => {
    const match = v.view ? matchPath(v.path, pathname) : null;
    return match ? [{ ...v, params: match.params }] : [];
  })[0];
  preloadScreen(isValidElement(opened?.view) ? opened.view.type : opened?.view);
  const reads = opened?.reads;
  askOpenedPageReads(pathname, () =>
    reads
      ? reads({
          params: opened.params,
          search,
          locale: store.getItem<string>('locale') ?? i18nProvider.getLocale(),
          store,
        })
      : [],
  );
}
