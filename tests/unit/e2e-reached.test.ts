import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, QUERY_STATES, type Shown, typed, unopened, uncovered, unreached } from '../../scripts/e2e-reached';
import { routePatterns } from '../../src/server/services/menu';

/** A record as a page sends it, with defaults for what a case does not care about. */
const shown = (over: Partial<Shown>): Shown => ({
  kind: 'navigation',
  path: '/dashboard',
  search: '',
  lang: 'ru',
  width: 1280,
  tags: [],
  test: 'x.spec.ts › t',
  ...over,
});

/** Every source file under `dir`. */
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => /\.tsx?$/.test(f));

describe("the E2E's reach checks (scripts/e2e-reached.ts)", () => {
  it('names the routes no navigation reached; a language change, a query or a typed address reaches nothing', () => {
    const all = routePatterns().map((p) => shown({ path: p.replace(/:\w+/g, '7') }));
    expect(unreached(all)).toEqual([]);
    const rest = all.filter((s) => s.path !== '/staff/orders');
    expect(unreached([...rest, shown({ kind: 'language', path: '/staff/orders' })])).toEqual(['/staff/orders']);
    // A list keeping its filters in the query of an address typed has not reached it either.
    expect(unreached([...rest, shown({ kind: 'query', path: '/staff/orders', search: '?page=2' })])).toEqual([
      '/staff/orders',
    ]);
  });

  it('names each signed-in address typed, but the start page; a public one is typed as a person does', () => {
    const test = 'day.spec.ts › t';
    expect(
      typed([
        shown({ kind: 'typed', path: '/dashboard', test }),
        shown({ kind: 'typed', path: '/login', test }),
        shown({ kind: 'typed', path: '/l/my-landing', test }),
        shown({ kind: 'typed', path: '/staff/list', search: '?create=1', test }),
        shown({ kind: 'typed', path: '/staff/list', search: '?create=1', test }),
        shown({ path: '/staff/tasks', test }),
      ]),
    ).toEqual(['day.spec.ts › t: /staff/list?create=1']);
  });

  it('names each query state never opened on each of its routes', () => {
    const all = Object.entries(QUERY_STATES).flatMap(([param, routes]) =>
      routes.map((r) => shown({ path: r.replace(/:\w+/g, '7'), search: `?page=2&${param}=3` })),
    );
    expect(unopened(all)).toEqual([]);
    const withoutPersonTicket = all.filter((s) => !(s.path === '/user/view-details/7' && s.search.includes('ticket')));
    expect(unopened(withoutPersonTicket)).toEqual(['/user/view-details/:pk?ticket']);
    // Within the path, only a parameter the navigation added was opened (a list keeping the query of an
    // address typed added nothing); a language change opens nothing.
    const person = { path: '/user/view-details/7', search: '?tab=tickets&ticket=3' };
    expect(unopened([...withoutPersonTicket, shown({ kind: 'query', ...person, from: '?ticket=3' })])).toEqual([
      '/user/view-details/:pk?ticket',
    ]);
    expect(unopened([...withoutPersonTicket, shown({ kind: 'language', ...person })])).toEqual([
      '/user/view-details/:pk?ticket',
    ]);
    expect(unopened([...withoutPersonTicket, shown({ kind: 'query', ...person, from: '?tab=tickets' })])).toEqual([]);
  });

  it('holds QUERY_STATES to every query parameter the web app opens through urlState', () => {
    const used = new Set(
      sources('src/web').flatMap((f) =>
        [...fs.readFileSync(f, 'utf8').matchAll(/useUrl(?:Param|Dialog)\('(\w+)'/g)].map((m) => m[1]),
      ),
    );
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((p) => !(p! in QUERY_STATES))).toEqual([]);
    const routes = new Set(routePatterns());
    expect(
      Object.values(QUERY_STATES)
        .flat()
        .filter((r) => !routes.has(r)),
    ).toEqual([]);
  });

  it("names what an area's tagged tests never showed: a language, or a phone's width, on the area's routes", () => {
    const tags = ['@broadcasts'];
    const shownAll = [
      shown({ path: '/broadcasts', lang: 'ru', tags }),
      shown({ kind: 'language', path: '/broadcasts/4', lang: 'en', width: 390, tags }),
      shown({ path: '/admin/broadcasts', lang: 'de', tags }),
    ];
    const broadcasts = (s: Shown[]) => uncovered(s).filter((l) => l.startsWith('@broadcasts'));
    expect(broadcasts(shownAll)).toEqual([]);
    // Untagged, or tagged but elsewhere: not the area's.
    expect(broadcasts([...shownAll.slice(0, 2), shown({ path: '/admin/broadcasts', lang: 'de' })])).toEqual([
      '@broadcasts (de)',
    ]);
    expect(broadcasts([...shownAll.slice(0, 2), shown({ path: '/dashboard', lang: 'de', tags })])).toEqual([
      '@broadcasts (de)',
    ]);
    expect(broadcasts([shownAll[0]!, shownAll[2]!])).toEqual(['@broadcasts (en, phone)']);
    // An area of any route counts wherever its tests go.
    const anywhere = ['@language-followed'];
    expect(AREAS['@language-followed']!.routes).toBeNull();
    expect(
      uncovered(['ru', 'en', 'de'].map((lang) => shown({ path: '/login', lang, width: 390, tags: anywhere }))).filter(
        (l) => l.startsWith('@language-followed'),
      ),
    ).toEqual([]);
  });

  it('finds each area tagged in a spec, so a renamed tag fails here rather than after a whole run', () => {
    const specs = sources('tests/e2e')
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    expect(Object.keys(AREAS).filter((tag) => !specs.includes(`'${tag}'`))).toEqual([]);
  });

  it("names each area's routes in the route table", () => {
    const routes = new Set(routePatterns());
    const missing = Object.values(AREAS).flatMap((a) => (a.routes ?? []).filter((r) => !routes.has(r)));
    expect(missing).toEqual([]);
  });
});
