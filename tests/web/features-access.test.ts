import { describe, expect, it } from 'vitest';
import { checkAccess, dropdownMenu, mainMenu } from '../../src/server/services/menu';
import { FEATURES } from '../../src/web/features';
import { allows } from '../../src/web/features/access';

/**
 * The web's one role table (src/web/features/access.ts) against the server's menu and route check
 * (src/server/services/menu.ts): a page is registered for the roles the server lets open it, and every
 * menu entry leads to a page the web registers for that role.
 */
const ROLES = ['member', 'consultant', 'admin'] as const;

/** Every page of the signed-in app: the features' routes and their resources' list, create, edit and show. */
const PAGES = FEATURES.flatMap((f) => [
  ...(f.routes ?? []).map((r) => ({ path: r.path, key: r.access })),
  ...(f.resources ?? []).flatMap((r) =>
    [
      r.list ? `/${r.name}` : [],
      r.create ? `/${r.name}/create` : [],
      r.edit ? `/${r.name}/:id` : [],
      r.show ? `/${r.name}/:id/show` : [],
    ]
      .flat()
      .map((path) => ({ path, key: r.name })),
  ),
]);

const concrete = (pattern: string) => pattern.replace(/:\w+/g, '7');

describe('the role table', () => {
  // The web asks the server's route check before it shows a page (menu/check_access/, #40 item 4), so a
  // page the server does not know would be refused to everyone.
  it('registers only pages the server knows', () => {
    expect(PAGES.filter((p) => !checkAccess(concrete(p.path), 'admin').exists).map((p) => p.path)).toEqual([]);
  });

  it('opens each page the server knows to exactly the roles its route check allows', () => {
    expect(PAGES.length).toBeGreaterThan(60);
    const differ = PAGES.flatMap((p) =>
      ROLES.filter((role) => allows(role, p.key) !== checkAccess(concrete(p.path), role).allow).map(
        (role) => `${p.path} for ${role}`,
      ),
    );
    expect(differ).toEqual([]);
  });

  it("registers every page of each role's side and user menus for that role", () => {
    for (const role of ROLES) {
      const open = new Set(PAGES.filter((p) => allows(role, p.key)).map((p) => p.path));
      const menu = [...mainMenu(role, 'en'), ...dropdownMenu(role, 'en')].map((e) => e.path);
      expect(menu.length).toBeGreaterThan(10);
      expect(menu.filter((path) => !open.has(path))).toEqual([]);
    }
  });

  it('refuses everything to a signed-out user', () => {
    expect(PAGES.filter((p) => allows(null, p.key))).toEqual([]);
  });
});
