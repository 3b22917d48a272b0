import { setTimeout as delay } from 'node:timers/promises';
import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/**
 * Browser contexts kept for the worker's next tests. A new context is a new renderer process that parses
 * and compiles the app's ~1.6 MB of JavaScript again: a signed-in dashboard in a new context cost Chromium
 * about 2.5 times the CPU of the same load in a page that had the app before (.perf, docs/performance.md).
 * So a signed-in page (signedInPage, the role fixtures, freshUser) is taken from here: a context with
 * the same options that no running test holds, emptied of what a test leaves behind (its cookies, storage,
 * routes, listeners, permissions, other pages, window size), or a new one.
 *
 * What cannot be taken back — an init script, a clock, an exposed function — must not be put on a pooled
 * page: a spec that needs one makes its own context (`browser.newContext`). A worker runs one test at a
 * time, so a context belongs to the test that took it until another test takes it; Playwright starts a
 * new worker (a new browser, an empty pool) after a failed test.
 */
type Entry = {
  key: string;
  browser: Browser;
  origin: string;
  context: BrowserContext;
  page: Page;
  options: BrowserContextOptions;
  /** The window size the context began with (the options', else the test's `use`). */
  viewport: { width: number; height: number } | null;
  owner: string;
};

const pool: Entry[] = [];
/** Contexts kept per worker: each is a renderer process of ~100 MB, and a test uses three at most. */
const MAX_KEPT = 8;

/**
 * What a new context would get from the test's `use` (locale, zone, user agent…: Playwright applies them to
 * `browser.newContext`), set for each test by session.ts's `contextPool` fixture. A test of a spec that
 * does not use that `test` gets a key of its own file and describe block, whose `use` it shares.
 */
let defaults: { testId: string; key: string } | undefined;
export function setPoolDefaults(testId: string, options: Record<string, unknown>) {
  defaults = { testId, key: sortedJson(options) };
}

const sortedJson = (o: object) => JSON.stringify(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

function keyOf(options: BrowserContextOptions) {
  const info = base.info();
  const use =
    defaults?.testId === info.testId ? defaults.key : JSON.stringify([info.file, info.titlePath.slice(0, -1)]);
  return `${use} ${sortedJson(options)}`;
}

const alive = (e: Entry) => !e.page.isClosed() && e.browser.isConnected();

/**
 * Closes a context the test no longer needs, waiting 10 s at most. Chromium now and then never answers
 * the closing of a context (Target.disposeBrowserContext); Playwright waits for that answer without a
 * time-out of its own and without naming the call when the test times out (CI: a test that had not
 * opened its page yet timed out at 120 s, every kept page on the health check). The context is left to
 * close in the background; the worker's browser closes it with itself.
 */
export async function closeContext(context: BrowserContext) {
  const closed = context.close().then(
    () => 'closed',
    () => 'closed',
  );
  // An unref'd timer: a close that ends first does not keep the worker waiting for it.
  if ((await Promise.race([closed, delay(10_000, 'late', { ref: false })])) === 'late')
    console.warn('E2E pool: a browser context did not close within 10 s; left closing in the background');
}

/** Puts a kept context back as a new one would be: on the origin's health check, nothing stored, nothing routed. */
async function reset(e: Entry) {
  const { context, page, options, origin } = e;
  for (const other of context.pages()) if (other !== page) await other.close();
  page.removeAllListeners();
  context.removeAllListeners();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  if (options.permissions?.length) await context.grantPermissions(options.permissions);
  await context.setOffline(false);
  await context.setExtraHTTPHeaders(options.extraHTTPHeaders ?? {});
  if (e.viewport) await page.setViewportSize(e.viewport);
  // A page its last test released is on the health check already (releasePooledPages).
  if (page.url() !== `${origin}/healthz`) await page.goto(`${origin}/healthz`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * A page on `origin`'s health check with nothing stored, in a context made with `options`: a kept one when
 * the worker has one free, else a new one. The caller signs it in (localStorage) and opens its screen.
 */
export async function pooledPage(browser: Browser, origin: string, options: BrowserContextOptions): Promise<Page> {
  const owner = base.info().testId;
  const key = keyOf(options);
  for (const dead of pool.filter((e) => !alive(e))) pool.splice(pool.indexOf(dead), 1);
  const free = pool.find((e) => e.key === key && e.origin === origin && e.browser === browser && e.owner !== owner);
  if (free) {
    free.owner = owner;
    // The entry goes to the end: the pool's first entries are the ones left longest unused.
    pool.splice(pool.indexOf(free), 1);
    pool.push(free);
    await reset(free);
    return free.page;
  }
  const unused = pool.find((e) => e.owner !== owner);
  if (pool.length >= MAX_KEPT && unused) {
    pool.splice(pool.indexOf(unused), 1);
    await closeContext(unused.context);
  }
  const context = await browser.newContext(options);
  const page = await context.newPage();
  pool.push({ key, browser, origin, context, page, options, viewport: page.viewportSize(), owner });
  await page.goto(`${origin}/healthz`);
  return page;
}

/**
 * The end of a test: its kept pages leave the app for the health check, so that no screen of a finished
 * test polls or holds a live connection while the next one runs.
 */
export async function releasePooledPages() {
  const info = base.info();
  const owner = info.testId;
  // A failed test's pages stay where they failed, for its screenshots and page snapshot (taken after this);
  // Playwright starts a new worker after a failure, so no other test gets them.
  if (info.status !== info.expectedStatus) return;
  for (const e of pool) {
    if (e.owner !== owner || !alive(e)) continue;
    // Its dialogs are dismissed from here on (no listener); a page that cannot leave is closed instead.
    e.page.removeAllListeners();
    await e.page.goto(`${e.origin}/healthz`).catch(() => closeContext(e.context));
  }
}
