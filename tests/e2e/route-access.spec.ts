import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { staff } from '../../src/web/features/staff/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { LANGUAGE_WALKS, OPEN_MENU, VIEWPORTS, test } from './support/session';

/**
 * Staff pages ask the server's route check (menu/check_access/) before they show (#40 item 4), so a
 * role an admin changes takes effect without a new login: a consultant made a member is refused
 * Staff › Tasks at the next click from the menu, the list never asked for, and the side menu drops
 * the staff entries; a member made a consultant finds them when the window gets the focus back. In
 * en, de and ru; the refusal at phone width too.
 */

type Lang = 'ru' | 'en' | 'de';

// The file's fresh user: an English member; each walk below makes a consultant in its language.
test.use({ freshUserOptions: { firstName: 'Rita', lastName: 'Routeen', language: 'en' } });

let admin: APIRequestContext;

test.beforeAll(({ adminApi }) => {
  admin = adminApi;
});

async function setRole(id: number, role: 'consultant' | 'member') {
  const res = await admin.put(`/api/v1/users/${String(id)}`, { data: { role } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the side menu's entry `name`; on a phone the menu is opened first. */
async function fromMenu(page: Page, lang: Lang, name: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
  await openFromMenu(page, name);
}

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({ freshUserOptions: { role: 'consultant', firstName: 'Rita', lastName: `Route${lang}`, language: lang } });
    test(`a consultant made a member is refused a staff page at the next click, without a new login (${lang}, ${width})`, async ({
      freshUser,
    }) => {
      const phone = width === 'phone';
      const { id } = freshUser;
      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      const tasks = catalogues[lang].menu_staff_tasks;
      await fromMenu(page, lang, tasks, phone);
      await expect(page).toHaveURL(/\/staff\/tasks$/);
      await expect(page.getByTestId('refusal')).toHaveCount(0);
      await fromMenu(page, lang, catalogues[lang].menu_dashboard, phone);
      await expect(page).toHaveURL(/\/dashboard$/);

      await setRole(id, 'member');
      const listCalls: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/api/user_tasks/list/')) listCalls.push(req.url());
      });
      // The menu read before the change still offers Tasks; the page asks the server before it shows.
      await fromMenu(page, lang, tasks, phone);
      const refusal = page.getByTestId('refusal');
      await expect(refusal).toContainText(staff[lang].refusal.page);
      await expect(refusal).toContainText(staff[lang].refusal.hint);
      expect(listCalls).toEqual([]);
      await expectNoRawKeys(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[width].width,
      );
      await refusal.getByRole('button', { name: staff[lang].refusal.back }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      // The side menu was read again and no longer has the staff entries.
      if (phone) await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
      const menu = page.getByTestId('side-menu');
      await expect(
        menu.getByRole('menuitem', { name: catalogues[lang].menu_contacts, includeHidden: true }),
      ).toHaveCount(1);
      await expect(menu.getByRole('menuitem', { name: tasks, exact: true, includeHidden: true })).toHaveCount(0);
    });
  });

test('a page opened by a reload is checked once as the app starts; back to it later, it is checked again', async ({
  freshUser,
}) => {
  await setRole(freshUser.id, 'consultant');
  const page = await freshUser.newPage();
  const checked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/menu/check_access/')) checked.push((req.postDataJSON() as { path: string }).path);
  });
  // The address `/` only sends a consultant on to the staff dashboard: the start asks no check for it.
  await page.goto('/');
  await expect(page).toHaveURL(/\/staff-dashboard$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect(checked).not.toContain('/');
  const tasks = catalogues.en.menu_staff_tasks;
  await openFromMenu(page, tasks);
  await expect(page).toHaveURL(/\/staff\/tasks$/);
  // The reloaded app asks for the page's route check as its code starts (startup.ts) and opens on it.
  await page.reload();
  await expect(page.getByTestId('tab-today')).toBeVisible();
  await expect(page.getByTestId('refusal')).toHaveCount(0);
  await openFromMenu(page, catalogues.en.menu_dashboard);
  await expect(page).toHaveURL(/\/dashboard$/);
  await setRole(freshUser.id, 'member');
  const listCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/user_tasks/list/')) listCalls.push(req.url());
  });
  // Back on the entry the app was opened at: the answer from the start is not this visit's.
  await page.goBack();
  await expect(page).toHaveURL(/\/staff\/tasks$/);
  await expect(page.getByTestId('refusal')).toContainText(staff.en.refusal.page);
  expect(listCalls).toEqual([]);
});

test('a member made a consultant finds the staff pages when the window gets the focus back, without a new login', async ({
  freshUser,
}) => {
  const { id } = freshUser;
  const page = await freshUser.newPage();
  const tasks = catalogues.en.menu_staff_tasks;
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByRole('menuitem', { name: catalogues.en.menu_contacts, includeHidden: true })).toHaveCount(1);
  await expect(menu.getByRole('menuitem', { name: tasks, exact: true, includeHidden: true })).toHaveCount(0);
  await setRole(id, 'consultant');
  // The app asks for the account at most every 10 s when the window gets the focus back.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(menu.getByRole('menuitem', { name: tasks, exact: true, includeHidden: true })).toHaveCount(1, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 25_000 });
  const listed = page.waitForResponse((res) => res.url().includes('/api/user_tasks/list/'));
  await openFromMenu(page, tasks);
  await expect(page).toHaveURL(/\/staff\/tasks$/);
  expect((await listed).status()).toBe(200);
  await expect(page.getByTestId('refusal')).toHaveCount(0);
});
