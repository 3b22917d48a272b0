import {
  expect,
  request as playwrightRequest,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/** The two widths every journey is walked at: a phone and a laptop. */
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

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
 * A page of a new browser signed in as `email`, on the dashboard: the session is put where the login
 * screen leaves it (localStorage), so a spec about something else does not walk the login screen. The
 * login screen itself is the subject of foundation.spec and accounts.spec.
 */
export async function signedInPage(
  browser: Browser,
  email: string,
  options: BrowserContextOptions & { password?: string; path?: string } = {},
): Promise<Page> {
  const { password, path = '/dashboard', ...contextOptions } = options;
  const baseURL = base.info().project.use.baseURL;
  const { token, user } = await apiSession(baseURL, email, password);
  const origin = new URL(baseURL ?? '').origin;
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    ...contextOptions,
    storageState: {
      cookies: [],
      origins: [
        {
          origin,
          localStorage: [
            { name: 'atrium:token', value: token },
            { name: 'atrium:user', value: JSON.stringify(user) },
          ],
        },
      ],
    },
  });
  const page = await context.newPage();
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

type RolePages = { asAdmin: Page; asConsultant: Page; asMember: Page };
type WorkerClients = { adminApi: APIRequestContext };

/**
 * `test` with a signed-in page per demo role (a desktop browser on the dashboard), each closed after
 * the test: `test('…', async ({ asAdmin }) => …)`; and `adminApi`, an API client signed in as the demo
 * admin for setting up what a spec needs: one per worker (one login for all the specs it runs, usable
 * in `beforeAll`), disposed when the worker ends: `test.beforeAll(async ({ adminApi }) => …)`.
 */
export const test = base.extend<RolePages, WorkerClients>({
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
    const page = await signedInPage(browser, DEMO.admin);
    await use(page);
    await page.context().close();
  },
  asConsultant: async ({ browser }, use) => {
    const page = await signedInPage(browser, DEMO.consultant);
    await use(page);
    await page.context().close();
  },
  asMember: async ({ browser }, use) => {
    const page = await signedInPage(browser, DEMO.member);
    await use(page);
    await page.context().close();
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
