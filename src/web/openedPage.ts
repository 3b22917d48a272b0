import { isValidElement, type ComponentType, type ReactElement } from 'react';
import { matchPath } from 'react-router-dom';
import { prefetchOpenedPage } from './providers/data/startup';
import type { EarlyReads } from './providers/data/earlyReads';
import { i18nProvider } from './providers/i18nProvider';
import { store } from './providers/store';
import { preloadScreen } from './common/lazyScreen';
import { FEATURES } from './features';

/** A page's path as react-router matches it, the view it shows and the reads that view makes as it first renders. */
type View = { path: string; view: ComponentType | ReactElement | undefined; reads?: EarlyReads };

/** A resource's paths as react-admin routes them, with the view each shows. */
const resourcePaths = (r: (typeof FEATURES)[number]['resources']): View[] =>
  (r ?? []).flatMap(({ name, list, create, edit, show, listReads }) => [
    { path: `/${name}`, view: list, reads: listReads },
    { path: `/${name}/create`, view: create },
    { path: `/${name}/:id/show`, view: show },
    { path: `/${name}/:id`, view: edit },
  ]);

const VIEWS: View[] = [
  ...FEATURES.flatMap((f) => f.routes ?? []).map(({ path, screen, reads }) => ({ path, view: screen, reads })),
  ...FEATURES.flatMap((f) => resourcePaths(f.resources)),
];

/**
 * A signed-in start at a page's address (AdminApp.tsx, as its code runs): starts the download of the page's
 * screen and asks for what its first render waits on (providers/data/startup.ts): the route check, the
 * menus, and once the check allows it the page's own first reads (its route's EarlyReads). The page's data
 * used to be asked only once the layout and the page had been drawn empty, to be drawn a second time with
 * it (docs/performance.md).
 */
export function startOpenedPage({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  const opened = VIEWS.flatMap((v) => {
    const match = v.view ? matchPath(v.path, pathname) : null;
    return match ? [{ ...v, params: match.params }] : [];
  })[0];
  preloadScreen(isValidElement(opened?.view) ? opened.view.type : opened?.view);
  const reads = opened?.reads;
  prefetchOpenedPage(pathname, () =>
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
