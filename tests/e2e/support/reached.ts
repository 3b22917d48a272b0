import fs from 'node:fs';
import path from 'node:path';
import { test, type BrowserContext } from '@playwright/test';
import type { Shown } from '../../../scripts/e2e-reached';

/**
 * Where the pages' in-app navigations are written (scripts/e2e.ts sets it for a whole run, which then
 * checks what was reached: scripts/e2e-reached.ts). Unset: nothing is recorded.
 */
const DIR = process.env.E2E_REACHED_DIR;

/** What the page sends: how it got there, and what it showed. */
type Sent = Omit<Shown, 'tags' | 'test'>;

/**
 * Records, for every page of `context`, each navigation the app makes (react-router's history.pushState
 * and replaceState: a click, a redirect, a saved form; never a typed address, as page.goto loads a document
 * and calls neither), each address typed, and each change of the page's language (`<html lang>`), with
 * the address, the language, the page's width and the running test's tags (what the run's checks read).
 */
export async function recordReached(context: BrowserContext): Promise<void> {
  if (!DIR) return;
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${String(process.pid)}.jsonl`);
  const write = (sent: Sent) => {
    // The test that is running when the page reports (a pooled page serves several tests in turn).
    let info: { tags: string[]; test: string } = { tags: [], test: '' };
    try {
      const running = test.info();
      info = { tags: running.tags, test: `${path.basename(running.file)} › ${running.title}` };
    } catch {
      // Between tests (a page's late report): no test to name.
    }
    fs.appendFileSync(file, `${JSON.stringify({ ...sent, ...info } satisfies Shown)}\n`);
  };
  await context.exposeBinding('__atriumReached', (_source, sent: Sent) => {
    write(sent);
  });
  // An address typed is a spec's page.goto on the app's origin (the app's own full loads, a reload and
  // Back are not).
  context.on('page', (page) => {
    const goto = page.goto.bind(page);
    page.goto = (url, options) => {
      let origin: string | undefined;
      try {
        origin = test.info().project.use.baseURL;
      } catch {
        // Outside a test (a fixture's pool page going back to the health check): nobody typed it.
      }
      if (origin !== undefined) {
        const at = new URL(url, origin);
        if (at.origin === new URL(origin).origin)
          write({
            kind: 'typed',
            path: at.pathname,
            search: at.search,
            lang: '',
            width: page.viewportSize()?.width ?? 0,
          });
      }
      return goto(url, options);
    };
  });
  await context.addInitScript(() => {
    const report = (kind: Sent['kind'], from?: string) => {
      (window as unknown as { __atriumReached?: (s: Sent) => void }).__atriumReached?.({
        kind,
        path: location.pathname,
        search: location.search,
        ...(from !== undefined && { from }),
        lang: document.documentElement.lang,
        width: window.innerWidth,
      });
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        const { pathname, search } = location;
        original(...args);
        // Only a new path is a screen reached, and only a parameter added is a dialog opened: a list keeping
        // its filters in the query of a page typed is neither.
        if (location.pathname !== pathname) report('navigation');
        else if (location.search !== search) report('query', search);
      };
    }
    // The app sets <html lang> as it starts and at each change of language (observed from the document:
    // the <html> element may not be parsed yet when this runs).
    new MutationObserver((changes) => {
      if (changes.some((c) => c.target === document.documentElement)) report('language');
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['lang'] });
  });
}
