/**
 * The E2E's checks that a person reaches every signed-in screen the way they would (#40): from the menu,
 * clicking lists to details, never by typing an address. The pages of a full run record each in-app
 * navigation and each change of language (tests/e2e/support/reached.ts); from those records:
 * - every route of the app's route table (src/server/services/menu.ts) was reached by a navigation;
 * - no signed-in address but the start page was typed, except by the specs about typed addresses;
 * - every detail or dialog the app opens through the address's query (`?ticket=12`) was opened so;
 * - every area a test is tagged with (#40's defects and new areas, `AREAS`) was shown in Russian, English
 *   and German and at a phone's width by the tests carrying its tag.
 */
import fs from 'node:fs';
import path from 'node:path';
import { routeOf, routePatterns } from '../src/server/services/menu';

/**
 * One record of a page: a navigation of the app to another path, one within the path (its query), an
 * address typed (page.goto), or a change of its language; and the test then running.
 */
export type Shown = {
  kind: 'navigation' | 'query' | 'typed' | 'language';
  path: string;
  search: string;
  /** A navigation within the path: the query before it. */
  from?: string;
  lang: string;
  width: number;
  tags: string[];
  test: string;
};

/** Routes no click of the app leads to, and why. */
const NOT_BY_CLICK: Readonly<Record<string, string>> = {
  '/profile':
    "the spec's short address of /profile/view, where it redirects: the app links to /profile/view itself (routes.spec types it)",
};

/**
 * The start page, which a person opens by its address (the app's icon, a bookmark); every other
 * signed-in address is reached by clicking.
 */
const START = '/dashboard';

/** Spec files that type signed-in addresses on purpose, and why. */
const TYPED_ON_PURPOSE: Readonly<Record<string, string>> = {
  'routes.spec.ts':
    'the route table typed: each signed-in address refused to /login when logged out, a deep link opening without a detour',
  'menu.spec.ts':
    'a page loaded by its address (a bookmark, a reload) opens its section of the menu and marks its entry',
  'staff-failures.spec.ts':
    "a lead's brief opened by its address (a link kept) that the server refuses shows the refusal",
};

/**
 * Each query parameter that opens a detail, a dialog or a tab (src/web/common/urlState.ts and the pages
 * that read their own), with the routes whose pages open it. tests/unit/e2e-reached.test.ts holds this
 * to the parameters the web app uses.
 */
export const QUERY_STATES: Readonly<Record<string, readonly string[]>> = {
  ticket: ['/staff/tickets', '/staff/tickets/view-as/:pk', '/user/view-details/:pk'],
  tab: ['/user/view-details/:pk', '/team'],
  when: ['/user/view-details/:pk'],
  create_task: ['/user/view-details/:pk'],
  record_donation: ['/user/view-details/:pk'],
  create: ['/staff/tasks', '/staff/list'],
  work_times: ['/staff/list', '/staff-dashboard'],
  settings: ['/staff/list'],
  give_away: ['/staff/list'],
  remove: ['/staff/list'],
  read: ['/books/:id'],
  comment: ['/lesson/view/:id'],
};

/**
 * #40's defects and new areas: each must be shown in every language and at a phone's width by the tests
 * tagged with it, on one of its routes (`null`: wherever the test goes).
 */
export const AREAS: Readonly<Record<string, { what: string; routes: readonly string[] | null }>> = {
  '@my-request': {
    what: 'a member opens a request from Support › My requests (#40 defect 1)',
    routes: ['/support', '/user/new-request/:ticketId'],
  },
  '@birth-date': {
    what: 'a half-typed birth date is a field error, never saved (#40 defect 2)',
    routes: ['/profile/edit'],
  },
  '@language-followed': {
    what: 'a language changed elsewhere is followed (#40 defect 3)',
    routes: null,
  },
  '@broadcasts': {
    what: 'live broadcasts (#40 item 4)',
    routes: [
      '/broadcasts',
      '/broadcasts/:id',
      '/admin/broadcasts',
      '/admin/broadcasts/create',
      '/admin/broadcasts/:id',
    ],
  },
  '@products': {
    what: 'brand products (#40 item 4)',
    routes: [
      '/products',
      '/products/:id',
      '/staff/orders',
      '/staff/orders/:id/show',
      '/admin/products',
      '/admin/products/create',
      '/admin/products/:id',
    ],
  },
};

/** What every area needs shown: each language, and a phone's width (a phone is at most this wide). */
const LANGUAGES = ['ru', 'en', 'de'] as const;
const PHONE_WIDTH = 480;

/** The records of a run, written to `dir`. */
function readShown(dir: string): Shown[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Shown);
}

/** The routes never reached by a navigation. */
export function unreached(shown: readonly Shown[]): string[] {
  const reached = new Set(shown.filter((s) => s.kind === 'navigation').map((s) => routeOf(s.path)));
  return routePatterns().filter((p) => !reached.has(p) && !(p in NOT_BY_CLICK));
}

/** Each `?parameter` on a route (as `route?parameter`) that no navigation opened. */
export function unopened(shown: readonly Shown[]): string[] {
  const opened = new Set(
    shown
      .filter((s) => s.kind === 'navigation' || s.kind === 'query')
      .flatMap((s) => {
        const before = new URLSearchParams(s.from ?? '');
        const added = [...new URLSearchParams(s.search).keys()].filter((k) => !before.has(k));
        return added.map((k) => `${routeOf(s.path) ?? s.path}?${k}`);
      }),
  );
  return Object.entries(QUERY_STATES)
    .flatMap(([param, routes]) => routes.map((r) => `${r}?${param}`))
    .filter((state) => !opened.has(state));
}

/** Each signed-in address a test typed (as `test: path`), but the start page's and those typed on purpose. */
export function typed(shown: readonly Shown[]): string[] {
  const found = shown.filter((s) => {
    if (s.kind !== 'typed') return false;
    const route = routeOf(s.path);
    return route !== undefined && route !== START && !((s.test.split(' › ')[0] ?? '') in TYPED_ON_PURPOSE);
  });
  return [...new Set(found.map((s) => `${s.test}: ${s.path}${s.search}`))];
}

/** Each area, with what its tagged tests never showed (`ru`, `en`, `de`, `phone`); areas shown fully are left out. */
export function uncovered(shown: readonly Shown[]): string[] {
  return Object.entries(AREAS).flatMap(([tag, { routes }]) => {
    const mine = shown.filter((s) => {
      if (!s.tags.includes(tag)) return false;
      const route = routeOf(s.path);
      return routes === null || (route !== undefined && routes.includes(route));
    });
    const missing = [
      ...LANGUAGES.filter((l) => !mine.some((s) => s.lang === l)),
      ...(mine.some((s) => s.width <= PHONE_WIDTH) ? [] : ['phone']),
    ];
    return missing.length ? [`${tag} (${missing.join(', ')})`] : [];
  });
}

/** The whole check: one line per failed part, nothing when all hold. */
export function reachedReport(dir: string): { failures: string[]; summary: string } {
  const shown = readShown(dir);
  const navigations = shown.filter((s) => s.kind === 'navigation').length;
  const failures = [];
  const routes = unreached(shown);
  if (routes.length)
    failures.push(`${String(routes.length)} signed-in routes were never reached by clicking: ${routes.join(', ')}`);
  const states = unopened(shown);
  if (states.length)
    failures.push(`${String(states.length)} details or dialogs were never opened by clicking: ${states.join(', ')}`);
  const addresses = typed(shown);
  if (addresses.length)
    failures.push(
      `${String(addresses.length)} signed-in addresses were typed where a person clicks: ${addresses.join('; ')}`,
    );
  const areas = uncovered(shown);
  if (areas.length)
    failures.push(
      `${String(areas.length)} areas were not shown in every language and at a phone's width by their tagged tests: ${areas.join('; ')}`,
    );
  return {
    failures,
    summary: `every signed-in route, detail and dialog was reached by clicking, none typed, and every area of AREAS was shown in ru, en and de and on a phone (${String(navigations)} navigations)`,
  };
}
