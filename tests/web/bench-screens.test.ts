import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGES } from '../../src/web/features';
import { allows } from '../../src/web/features/access';
import { benchScreens } from '../../scripts/bench/web-screens';

/**
 * `npm run bench:web` opens each main screen at its address (scripts/bench/web-screens.ts): each must be a
 * page its role has, else the bench waits for a screen that is not there (the twenty-sixth session moved
 * the waiting leads into Team and the bench stopped there for a session), and each asks for its first
 * reads as the app starts (#41, the route's EarlyReads).
 */
describe("bench:web's screens", () => {
  for (const tab of ['today', 'future'] as const)
    it(`are pages their role has, each with its first reads (tasks under ${tab})`, () => {
      const found = benchScreens(7, tab).map((screen) => {
        const pathname = new URL(screen.path, 'http://x').pathname;
        const page = PAGES.find((p) => p.view && matchPath(p.path, pathname));
        return {
          name: screen.name,
          allowed: page ? allows(screen.role, page.key) : false,
          reads: Boolean(page?.reads),
        };
      });
      expect(found.filter((f) => !f.allowed || !f.reads)).toEqual([]);
      expect(found).toHaveLength(9);
    });
});
