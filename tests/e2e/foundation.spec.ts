import { expect } from '@playwright/test';
import { test } from './support/session';
import { openFromMenu } from './support/menu';

test.beforeAll(({ browser }) => {
  // The CI log shows which browser really ran.
  console.log(`E2E browser: ${browser.browserType().name()} ${browser.version()}`);
});

test('a member logs in, lands on /dashboard, logs out and lands on /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email или телефон').fill('member@demo.atrium');
  await page.getByLabel('Пароль').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  // The notice shows for a few seconds from the login on: looked for before the dashboard's data, which
  // can take longer than that on a busy machine.
  await expect(page.getByText('Вы вошли')).toBeVisible();
  await expect(page.getByTestId('dashboard-welcome')).toContainText('Maria Mitglied');
  // The side menu comes from GET menu/main/: a member sees no staff entries.
  await expect(page.getByRole('menuitem', { name: 'Уроки' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Задачи' })).toHaveCount(0);

  await page.getByRole('button', { name: /Maria Mitglied|Профиль|Profile/ }).click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('atrium:token'))).toBeNull();
});

test("the login's scripts come compressed, each marked to be compiled as it downloads, and the page names them all", async ({
  page,
}) => {
  // Issue 41: the build's brotli copies (scripts/precompress.ts), V8's compile hint (vite.config.ts) and
  // the screen's scripts named in the page (vite.config.ts, screenPreloads; the server's web-pages.ts).
  const scripts: Promise<{ url: string; encoding?: string; size: number; head: string }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(
      res.text().then((body) => ({
        url: res.url(),
        encoding: res.headers()['content-encoding'],
        size: body.length,
        head: body.slice(0, 40),
      })),
    );
  });
  await page.goto('/login');
  await expect(page.getByLabel('Пароль')).toBeVisible();
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(3);
  for (const script of loaded) {
    expect(script.head, script.url).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
    if (script.size > 1024) expect(script.encoding, script.url).toBe('br');
  }
  // Every script the login needed was asked for from the page itself, none once another had run, and
  // nothing named went unused.
  const named = await page
    .locator('head script[src], head link[rel="modulepreload"]')
    .evaluateAll((els) => els.map((el) => (el instanceof HTMLScriptElement ? el.src : (el as HTMLLinkElement).href)));
  expect(named.filter((url) => url.includes('/LoginPage-'))).toHaveLength(1);
  expect(new Set(loaded.map((script) => script.url))).toEqual(new Set(named));
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email или телефон').fill('member@demo.atrium');
  await page.getByLabel('Пароль').fill('wrong-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toContainText('Неверный email или пароль');
  await expect(page).toHaveURL(/\/login$/);
});

test('staff land on the staff dashboard, its menu section open; unknown paths go to / and from there to it', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email или телефон').fill('admin@demo.atrium');
  await page.getByLabel('Пароль').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  // Issue #40 finding 17: not the member dashboard with the staff section folded.
  await expect(page).toHaveURL(/\/staff-dashboard$/);
  await expect(page.getByTestId('side-menu').locator('a[href="/staff/tasks"]')).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/staff-dashboard$/);
  // The admin's users resource works end to end through the typed data provider.
  // Users sit in the folded administration section: a person opens it first.
  await openFromMenu(page, 'Пользователи');
  // Other specs add people before this one runs: the demo member is found by searching, as a person would.
  await page.getByRole('textbox', { name: 'Поиск' }).fill('member@demo.atrium');
  await expect(page.getByRole('cell', { name: 'member@demo.atrium' })).toBeVisible();
});
