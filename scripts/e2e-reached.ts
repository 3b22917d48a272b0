/**
 * The E2E's check that a person reaches every signed-in screen the way they would (#40): from the menu,
 * clicking lists to details, never by typing an address. The pages of a full run record each in-app
 * navigation (tests/e2e/support/reached.ts); every route of the app's route table
 * (src/server/services/menu.ts) must be among them, except those listed below with the reason that no
 * click leads there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { routeOf, routePatterns } from '../src/server/services/menu';

/** Routes no click of the app leads to, and why. */
const NOT_BY_CLICK: Readonly<Record<string, string>> = {};

/** The routes never reached in the run whose records are in `dir`; the number of navigations read. */
export function unreached(dir: string): { missing: string[]; navigations: number } {
  const lines = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
        .filter(Boolean)
    : [];
  const reached = new Set(lines.map(routeOf));
  return {
    missing: routePatterns().filter((p) => !reached.has(p) && !(p in NOT_BY_CLICK)),
    navigations: lines.length,
  };
}
