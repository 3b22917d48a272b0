import { basename } from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

import { VIEWPORTS } from '../../../scripts/e2e-viewports';
import { closeContext, pooledPage, releasePooledPages, setPoolDefaults } from './pool';
import { recordReached } from './reached';

export { VIEWPORTS };

/** The seed's demo accounts (npm start seeds them; the E2E server starts on an empty data dir). */
const DEMO = {
  admin: 'admin@demo.atrium',
  consultant: 'consultant@demo.atrium',
  member: 'member@demo.atrium',
} as const;
const DEMO_PASSWORD = 'demo-password';

type Session = { token: string; user: unknown };

/** Logs in through the API, as the login screen does, and returns the session it hands out. */
async function apiSession(baseURL: string | undefined, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await anonymous.post('/api/accounts/login/', { form: { username: email, password } });
    expect(res.ok(), `login of ${email}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as Session;
  } finally {
    await anonymous.dispose();
  }
}

/** An API client signed in as `email`, for setting up what a spec needs. */
export async function apiAs(
  baseURL: string | undefined,
  email: string,
  password = DEMO_PASSWORD,
): Promise<APIRequestContext> {
  const { token } = await apiSession(baseURL, email, password);
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `JWT ${token}` } });
}

/**
 * A second browser for a test (another person, another width or language): a page of its own on the
 * origin's health check, nothing stored, in a kept context (support/pool.ts) made with `options` on top
 * of the project's width. The test does not close it: the pool takes it back when the test ends.
 */
export async function keptPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const baseURL = base.info().project.use.baseURL;
  return pooledPage(browser, new URL(baseURL ?? '').origin, {
    viewport: base.info().project.use.viewport ?? VIEWPORTS.desktop,
    ...options,
  });
}

/**
 * A page signed in as `email`, on the dashboard, in a browser context of its own (a kept one, emptied:
 * support/pool.ts): the session is put where the login screen leaves it (localStorage), so a spec about
 * something else does not walk the login screen. The login screen itself is the subject of foundation.spec
 * and accounts.spec.
 */
export async function signedInPage(
  browser: Browser,
  email: string,
  options: BrowserContextOptions & { password?: string; path?: string } = {},
): Promise<Page> {
  const { password, path = '/dashboard', ...contextOptions } = options;
  const baseURL = base.info().project.use.baseURL;
  const { token, user } = await apiSession(baseURL, email, password);
  const page = await pooledPage(browser, new URL(baseURL ?? '').origin, {
    // The project's width (the phone project's phone), else a laptop's.
    viewport: base.info().project.use.viewport ?? VIEWPORTS.desktop,
    ...contextOptions,
  });
  // The session where the login screen leaves it, set on the origin's health check (the pool's page is there).
  await page.evaluate(
    (s) => {
      localStorage.setItem('atrium:token', s.token);
      localStorage.setItem('atrium:user', s.user);
    },
    { token, user: JSON.stringify(user) },
  );
  await page.goto(path);
  return page;
}

/**
 * Signs the browser of `page` in as `email` and opens `path` (the dashboard): like signedInPage, for a
 * spec that already has its page (its viewport, its language). The session is put where a login leaves
 * it from a tiny page of the same origin (the health check), so the app loads once, already signed in.
 */
export async function signIn(page: Page, email: string, options: { password?: string; path?: string } = {}) {
  const { password, path = '/dashboard' } = options;
  const { token, user } = await apiSession(base.info().project.use.baseURL, email, password);
  await page.goto('/healthz');
  await page.evaluate(
    (s) => {
      localStorage.setItem('atrium:token', s.token);
      localStorage.setItem('atrium:user', s.user);
    },
    { token, user: JSON.stringify(user) },
  );
  await page.goto(path);
}

type Lang = 'ru' | 'en' | 'de';

/** Who `freshUser` is: `test.use({ freshUserOptions: { language: 'en', role: 'consultant' } })` for a file or a describe. */
type FreshUserOptions = {
  role?: 'member' | 'consultant' | 'admin';
  language?: Lang;
  /** IANA zone; left out, the server gives the creating admin's. */
  timeZone?: string;
  firstName?: string;
  /** Left out, a unique one (`User<n>`), so a search finds only this user. */
  lastName?: string;
};

/** A user made for one test: a unique email and a password, in the language and zone the options chose. */
export type FreshUser = {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  language: Lang;
  /** A page signed in as this user, on `path` (the dashboard), in a context of its own (support/pool.ts). */
  newPage: (options?: BrowserContextOptions & { path?: string }) => Promise<Page>;
  /** Signs `page` in as this user and opens `path` (the dashboard), as `signIn` does. */
  signIn: (page: Page, path?: string) => Promise<void>;
  /** An API client acting as this user; disposed after the test. */
  api: () => Promise<APIRequestContext>;
};

type TestFixtures = {
  asAdmin: Page;
  asConsultant: Page;
  asMember: Page;
  freshUserOptions: FreshUserOptions;
  freshUser: FreshUser;
  contextPool: undefined;
  ownPage: Page;
};
type WorkerClients = { adminApi: APIRequestContext };

const FRESH_PASSWORD = 'fresh-user-password-1';
let freshSerial = 0;

/**
 * `test` with a signed-in page per demo role (a browser on the dashboard at the project's width), each
 * released to the pool after the test (support/pool.ts): `test('…', async ({ asAdmin }) => …)`; `adminApi`, an API client signed in as the
 * demo admin for setting up what a spec needs: one per worker (one login for all the specs it runs, usable
 * in `beforeAll`), disposed when the worker ends: `test.beforeAll(async ({ adminApi }) => …)`; and
 * `freshUser`, a new user (a member unless `freshUserOptions` say otherwise) made through `adminApi` for the
 * test that asks for it: `const page = await freshUser.newPage()`.
 */
export const test = base.extend<TestFixtures, WorkerClients>({
  // Every context of the worker's browser records where the app takes its pages (support/reached.ts),
  // the pool's and those a spec makes itself alike.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await recordReached(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  adminApi: [
    // Playwright reads the fixtures a fixture needs from its first parameter: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const api = await apiAs(workerInfo.project.use.baseURL, DEMO.admin);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  asAdmin: async ({ browser }, use) => {
    await use(await signedInPage(browser, DEMO.admin));
  },
  asConsultant: async ({ browser }, use) => {
    await use(await signedInPage(browser, DEMO.consultant));
  },
  asMember: async ({ browser }, use) => {
    await use(await signedInPage(browser, DEMO.member));
  },
  // The pool's contexts are told apart by what the test's `use` gives a new one; every test's signed-in pages
  // go back to the pool when it ends (support/pool.ts).
  contextPool: [
    async (
      {
        bypassCSP,
        colorScheme,
        deviceScaleFactor,
        hasTouch,
        isMobile,
        locale,
        reducedMotion,
        timezoneId,
        userAgent,
        viewport,
        contextOptions,
      },
      use,
      testInfo,
    ) => {
      setPoolDefaults(testInfo.testId, {
        bypassCSP,
        colorScheme,
        deviceScaleFactor,
        hasTouch,
        isMobile,
        locale,
        reducedMotion,
        timezoneId,
        userAgent,
        viewport,
        contextOptions,
      });
      await use(undefined);
      await releasePooledPages();
    },
    { auto: true },
  ],
  // Playwright's own page, in a kept context too (one with the test's `use`, emptied, on the health check).
  // (contextPool, an automatic fixture, has set the test's `use` for the pool before this runs.)
  page: async ({ browser, baseURL }, use) => {
    await use(await pooledPage(browser, new URL(baseURL ?? '').origin, {}));
  },
  // Playwright's own context is that page's: a test that grants its context a permission grants its page's.
  context: async ({ page }, use) => {
    await use(page.context());
  },
  // A page in a new context of its own, for a test that adds what the pool cannot take back (an init script).
  ownPage: async ({ browser }, use) => {
    const context = await browser.newContext();
    await use(await context.newPage());
    await closeContext(context);
  },
  freshUserOptions: [{}, { option: true }],
  freshUser: async ({ adminApi, browser, baseURL, freshUserOptions }, use, testInfo) => {
    const { role = 'member', language = 'ru', timeZone, firstName = 'Fresh' } = freshUserOptions;
    // Unique across the tests of a run: the worker, the moment and a counter (the data dir is new per run).
    freshSerial += 1;
    const unique = `${String(testInfo.workerIndex)}${Date.now().toString(36)}${String(freshSerial)}`;
    const lastName = freshUserOptions.lastName ?? `User${unique}`;
    const email = `${basename(testInfo.file, '.spec.ts')}-${unique}@e2e.example`;
    const created = await adminApi.post('/api/v1/users/', {
      data: {
        email,
        first_name: firstName,
        last_name: lastName,
        role,
        language,
        password: FRESH_PASSWORD,
        ...(timeZone && { time_zone: timeZone }),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const apis: APIRequestContext[] = [];
    await use({
      id,
      email,
      password: FRESH_PASSWORD,
      firstName,
      lastName,
      language,
      newPage: async (options = {}) => {
        return signedInPage(browser, email, { password: FRESH_PASSWORD, ...options });
      },
      signIn: (page, to) => signIn(page, email, { password: FRESH_PASSWORD, ...(to && { path: to }) }),
      api: async () => {
        const api = await apiAs(baseURL, email, FRESH_PASSWORD);
        apis.push(api);
        return api;
      },
    });
    for (const api of apis) await api.dispose();
  },
});

/** The side menu's open button on a phone, by interface language. */
export const OPEN_MENU = { en: 'Open menu', de: 'Menü öffnen', ru: 'Открыть меню' } as const;

/** A journey walked once per language: English on a laptop, German on a phone, Russian on a laptop. */
export const LANGUAGE_WALKS = [
  ['en', 'desktop'],
  ['de', 'phone'],
  ['ru', 'desktop'],
] as const;
