import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';

/**
 * Where the pages' in-app navigations are written (scripts/e2e.ts sets it for a whole run, which then
 * checks that every signed-in route was reached: scripts/e2e-reached.ts). Unset: nothing is recorded.
 */
const DIR = process.env.E2E_REACHED_DIR;

/**
 * Records the path of every navigation the app makes in `context`'s pages (react-router's
 * history.pushState and replaceState: a click, a redirect, a saved form), never a typed address
 * (page.goto loads a document and calls neither).
 */
export async function recordReached(context: BrowserContext): Promise<void> {
  if (!DIR) return;
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${String(process.pid)}.txt`);
  await context.exposeBinding('__atriumReached', (_source, reached: string) => {
    fs.appendFileSync(file, `${reached}\n`);
  });
  await context.addInitScript(() => {
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        (window as unknown as { __atriumReached?: (p: string) => void }).__atriumReached?.(location.pathname);
      };
    }
  });
}
