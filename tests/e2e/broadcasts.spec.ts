import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { broadcasts as texts } from '../../src/web/features/broadcasts/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { VIEWPORTS, signedInPage, test } from './support/session';
import { saveShot } from './support/screens';

/**
 * Live broadcasts from the menu: the admin schedules one that is on now through Broadcast editor; members
 * find it on the dashboard ("Live now") and open it from the Broadcasts entry, list → page with the Join
 * button, in English and German on a phone (390 px) and in Russian on a desktop.
 */

const PASSWORD = 'broadcast-password-1';
const stamp = Date.now().toString(36);
const TITLE = `Live Q&A ${stamp}`;
const URL_ = `https://meet.example.com/e2e-${stamp}`;
type Lang = 'ru' | 'en' | 'de';

let adminApi: APIRequestContext;

test.beforeAll(({ adminApi: api }) => {
  adminApi = api;
});

async function freshMember(language: Lang) {
  const email = `viewer-${language}-${stamp}@e2e.example`;
  const res = await adminApi.post('/api/v1/users/', {
    data: {
      email,
      first_name: 'Vera',
      last_name: 'Viewer',
      role: 'member',
      language,
      password: PASSWORD,
      time_zone: 'Europe/Berlin',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** A browser of the given size signed in as `email`, on the dashboard. */
const logIn = (browser: Browser, email: string, password: string, viewport: { width: number; height: number }) =>
  signedInPage(browser, email, { password, viewport });

/** An instant as the date-time picker takes it (DD/MM/YYYY HH:mm) in `zone`. */
function typed(ms: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The member's way in: the dashboard's card, then the menu's Broadcasts entry, the list and the page. */
async function watchFromMenu(page: Page, lang: Lang, phone: boolean) {
  const t = texts[lang];
  const card = page.getByTestId('dashboard-broadcasts');
  await expect(card).toContainText(t.live_now);
  await expect(card).toContainText(TITLE);
  // The card says whose clock its times are on: the member's profile zone.
  await expect(card).toContainText(t.zone_note.replace('%{zone}', 'Europe/Berlin'));
  if (phone) {
    const open = { en: 'Open menu', de: 'Menü öffnen', ru: 'Открыть меню' }[lang];
    await page.getByRole('button', { name: open }).click();
  }
  await openFromMenu(page, catalogues[lang].menu_broadcasts);
  await expect(page).toHaveURL(/\/broadcasts$/);
  const live = page.getByTestId('broadcasts-live');
  await expect(page.getByRole('heading', { name: t.live_now, level: 2 })).toBeVisible();
  await live.getByTestId('broadcast-card').filter({ hasText: TITLE }).click();
  await expect(page).toHaveURL(/\/broadcasts\/\d+$/);
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  const join = page.getByTestId('broadcast-join');
  await expect(join).toHaveText(t.join);
  await expect(join).toHaveAttribute('href', URL_);
  await expectNoRawKeys(page);
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await saveShot(page, `broadcast-${lang}-${phone ? 'phone' : 'desktop'}`);
}

test(
  'an admin schedules a live broadcast from the menu; members watch it from the menu in en, de (phone) and ru',
  { tag: '@broadcasts' },
  async ({ browser }) => {
    // Four sign-ins on a shared 2-core machine; alone it takes well under a minute.
    test.setTimeout(240_000);
    const [en, de, ru] = await Promise.all([freshMember('en'), freshMember('de'), freshMember('ru')]);
    const me = (await (await adminApi.get('/api/accounts/me/')).json()) as { time_zone: string };

    // --- The admin (Russian) schedules it: menu → list → create. ---
    const admin = await logIn(browser, 'admin@demo.atrium', 'demo-password', VIEWPORTS.desktop);
    await openFromMenu(admin, catalogues.ru.menu_content_broadcasts);
    await expect(admin).toHaveURL(/\/admin\/broadcasts$/);
    await admin.getByRole('link', { name: 'Создать' }).click();
    await expect(admin).toHaveURL(/\/admin\/broadcasts\/create$/);
    await admin.locator('input[name="title"]').fill(TITLE);
    const now = Date.now();
    await admin.locator('input[name="starts_at"]').fill(typed(now - 5 * 60_000, me.time_zone));
    await admin.locator('input[name="ends_at"]').fill(typed(now + 60 * 60_000, me.time_zone));
    await admin.locator('input[name="url"]').fill(URL_);
    await admin.getByRole('button', { name: 'Сохранить' }).click();
    await expect(admin).toHaveURL(/\/admin\/broadcasts$/);
    await expect(admin.getByText(TITLE)).toBeVisible();
    await expectNoRawKeys(admin);

    // --- Members: English and German on a phone, Russian on a desktop. ---
    for (const [email, lang, phone] of [
      [en, 'en', true],
      [de, 'de', true],
      [ru, 'ru', false],
    ] as const) {
      const page = await logIn(browser, email, PASSWORD, phone ? VIEWPORTS.phone : VIEWPORTS.desktop);
      await watchFromMenu(page, lang, phone);
    }
  },
);
