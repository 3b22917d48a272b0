import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { openFromMenu } from './support/menu';
import { OPEN_MENU, test } from './support/session';

/**
 * The iPhone "add to home screen" banner (spec, sections 2 and 9): on iOS, in Safari with the steps, in
 * other browsers also telling to open the page in Safari; closed for 90 days; never over a floating button.
 */

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
// Facebook's in-app browser: a web view without Safari's "Safari/" token.
const IPHONE_IN_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.0]';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const DISMISSED_KEY = 'atrium:ios-banner-dismissed-at';
const DAY_MS = 24 * 60 * 60 * 1000;

const banner = (page: Page) => page.getByTestId('ios-install-banner');

// The phone project (playwright.config.ts) gives the iPhone's width and touch; a describe, its browser.
test.describe('on an iPhone in Safari', { tag: '@phone' }, () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test('the banner explains how to add the app to the home screen', async ({ page }) => {
    await page.goto('/login');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('Установите Atrium на iPhone');
    await expect(banner(page)).toContainText('Откройте эту страницу в Safari');
    await expect(banner(page)).toContainText('Нажмите «Поделиться»');
    await expect(banner(page)).toContainText('На экран „Домой“');
    // It is there on the other public screens too.
    await page.goto('/recover-password');
    await expect(banner(page)).toBeVisible();
  });

  test('once closed it stays hidden, and comes back after 90 days', async ({ page }) => {
    await page.goto('/login');
    await banner(page).getByRole('button', { name: 'Закрыть' }).click();
    await expect(banner(page)).toHaveCount(0);
    const stored = Number(await page.evaluate((key) => localStorage.getItem(key), DISMISSED_KEY));
    expect(Math.abs(Date.now() - stored)).toBeLessThan(60_000);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в Atrium' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    // 89 days later it is still hidden…
    await page.evaluate(
      ({ key, at }) => {
        localStorage.setItem(key, at);
      },
      { key: DISMISSED_KEY, at: String(Date.now() - 89 * DAY_MS) },
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    // …and after 90 days it shows again.
    await page.evaluate(
      ({ key, at }) => {
        localStorage.setItem(key, at);
      },
      { key: DISMISSED_KEY, at: String(Date.now() - 91 * DAY_MS) },
    );
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });

  test('it shows on the signed-in screens as well', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email или телефон').fill('member@demo.atrium');
    await page.getByLabel('Пароль').fill('demo-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(banner(page)).toBeVisible();
  });

  // An init script stays with its context: a context of its own, not the pool's.
  test('not when the app already runs from the home screen', async ({ ownPage: page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в Atrium' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
});

for (const [browser, userAgent] of [
  ['Chrome', IPHONE_CHROME],
  ['an in-app browser', IPHONE_IN_APP],
] as const) {
  test.describe(`${browser} on an iPhone`, { tag: '@phone' }, () => {
    test.use({ userAgent });

    test('sees the banner, telling to open the page in Safari', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Вход в Atrium' })).toBeVisible();
      await expect(banner(page)).toBeVisible();
      await expect(banner(page)).toHaveAttribute('data-browser', 'other');
      await expect(banner(page)).toContainText('Добавить Atrium на экран «Домой» можно только из Safari');
      await expect(banner(page)).toContainText('Откройте эту страницу в Safari');
    });
  });
}

test.describe('a floating button on an iPhone', { tag: '@phone' }, () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test('is never covered: the banner sits above the list\'s "+"', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email или телефон').fill('consultant@demo.atrium');
    await page.getByLabel('Пароль').fill('demo-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/staff-dashboard$/);
    // Contacts from the menu, in the phone's drawer behind the app bar's button.
    await page.getByRole('button', { name: OPEN_MENU.ru }).click();
    await openFromMenu(page, catalogues.ru.menu_contacts);
    const fab = page.locator('.MuiFab-root').first();
    await expect(fab).toBeVisible();
    await expect(banner(page)).toBeVisible();
    // Measured once the banner has moved (it follows the page's floating buttons).
    await expect
      .poll(async () => {
        const [b, f] = await Promise.all([banner(page).boundingBox(), fab.boundingBox()]);
        return b && f ? b.y + b.height <= f.y : false;
      })
      .toBe(true);
    // The "+" still answers a tap.
    await fab.click();
    await expect(page).toHaveURL(/\/contacts\/create$/);
  });
});

test.describe('on a desktop browser', () => {
  test.use({ userAgent: DESKTOP_CHROME });

  test('the banner never shows', async ({ page }) => {
    for (const path of ['/login', '/register', '/recover-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner(page)).toHaveCount(0);
    }
  });
});
