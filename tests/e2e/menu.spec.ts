import { expect, type Page } from '@playwright/test';
import { menuEntry, openFromMenu } from './support/menu';
import { VIEWPORTS, keptPage, signIn, test } from './support/session';
import { saveShot } from './support/screens';
import { rememberLanguage } from './support/language';

/** The interface and the server (which titles the menu entries) in `lang`, as the app's own switch sets them. */
async function setLanguage(page: Page, lang: string) {
  const token = await page.evaluate(() => localStorage.getItem('atrium:token'));
  const res = await page.request.post('/api/accounts/set_language/', {
    headers: { Authorization: `JWT ${token}` },
    data: { language: lang },
  });
  expect(res.ok()).toBeTruthy();
  await rememberLanguage(page, lang);
}

const section = (page: Page, name: string) =>
  page.getByTestId('side-menu').getByRole('menuitem', { name, exact: true });

test("the admin's menu is grouped into sections: the current page's open and marked, the rest folded, the choice remembered", async ({
  asAdmin: page,
}) => {
  // On the dashboard (outside every section) the admin's long menu starts folded.
  for (const name of ['Обучение', 'CRM', 'Сотрудникам', 'Контент', 'Администрирование']) {
    await expect(section(page, name)).toHaveAttribute('aria-expanded', 'false');
  }
  await expect(page.getByRole('menuitem', { name: 'Главная' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('menuitem', { name: 'Пользователи' })).toBeHidden();

  // A page opened by its address opens its section and marks its entry.
  await page.goto('/admin/books');
  await expect(section(page, 'Контент')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: 'Редактор книг' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('menuitem', { name: 'Редактор книг' })).toHaveClass(/RaMenuItemLink-active/);
  await expect(page.getByRole('menuitem', { name: 'Главная' })).not.toHaveAttribute('aria-current', 'page');

  // The keyboard opens a section: Enter on its header, then Tab reaches its first entry.
  await section(page, 'Администрирование').focus();
  await page.keyboard.press('Enter');
  await expect(section(page, 'Администрирование')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('menuitem', { name: 'Пользователи' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users$/);

  // Folding a section hides its entries; sections stay as left after a reload.
  await section(page, 'Контент').click();
  await expect(section(page, 'Контент')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('menuitem', { name: 'Редактор книг' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('menuitem', { name: 'Пользователи' })).toBeVisible();
  await expect(section(page, 'Администрирование')).toHaveAttribute('aria-expanded', 'true');
  await expect(section(page, 'Контент')).toHaveAttribute('aria-expanded', 'false');

  // Every entry of the 25 is reachable through its section.
  for (const name of [
    'Уроки',
    'Книги',
    'Контакты',
    'Воронки',
    'Задачи',
    'Заявки',
    'Платежи',
    'Исходящая почта',
    'Ссылки в подвале',
  ]) {
    await menuEntry(page, name);
  }
  await openFromMenu(page, 'Заявки');
  await expect(page).toHaveURL(/\/staff\/tickets$/);
  await expect(page.getByRole('menuitem', { name: 'Заявки' })).toHaveAttribute('aria-current', 'page');
});

test("a member's short menu shows its sections open; a consultant's folds all but the current page's", async ({
  page,
  browser,
}) => {
  await signIn(page, 'member@demo.atrium');
  await expect(section(page, 'Обучение')).toHaveAttribute('aria-expanded', 'true');
  await expect(section(page, 'CRM')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: 'Уроки' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Воронки' })).toBeVisible();
  await expect(section(page, 'Сотрудникам')).toHaveCount(0);
  await expect(section(page, 'Администрирование')).toHaveCount(0);

  // The user menu opens whole inside the window: its entries came after it was placed, and the wider
  // menu ran past the right edge ("Сменить пар…" cut off at 1366 and 1280 px).
  await page.getByRole('button', { name: 'Maria Mitglied' }).click();
  const userMenu = page.getByRole('menu').filter({ has: page.getByTestId('logout') });
  await expect(userMenu.getByRole('menuitem', { name: 'Редактировать профиль' })).toBeVisible();
  const width = page.viewportSize()!.width;
  await expect
    .poll(() =>
      userMenu.evaluate((list) => {
        const paper = list.parentElement!;
        // Measured once its opening animation has ended (a scaled menu looks narrower).
        if (getComputedStyle(paper).transform !== 'none' || getComputedStyle(paper).opacity !== '1') return Infinity;
        return paper.getBoundingClientRect().right;
      }),
    )
    .toBeLessThanOrEqual(width);
  await page.keyboard.press('Escape');

  const consultant = await keptPage(browser);
  await signIn(consultant, 'consultant@demo.atrium');
  await consultant.goto('/staff/tasks');
  await expect(section(consultant, 'Сотрудникам')).toHaveAttribute('aria-expanded', 'true');
  await expect(section(consultant, 'Обучение')).toHaveAttribute('aria-expanded', 'false');
  await expect(section(consultant, 'Контент')).toHaveCount(0);
});

test('folded to its icons on a laptop, the menu keeps them in a compact column', async ({ page }) => {
  await signIn(page, 'member@demo.atrium');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByRole('menuitem', { name: 'Уроки' })).toBeVisible();
  await page.getByRole('button', { name: 'Закрыть меню' }).click();
  await expect(page.getByRole('button', { name: 'Открыть меню' })).toBeVisible();
  // Each entry is one icon high, not a column of its hidden title's words (100-250 px each), and the last
  // one is on the screen.
  await expect
    .poll(() =>
      menu
        .getByRole('menuitem')
        .evaluateAll((items) => Math.max(...items.map((i) => i.getBoundingClientRect().height))),
    )
    .toBeLessThanOrEqual(56);
  const bottom = await menu
    .getByRole('menuitem')
    .evaluateAll((items) => Math.max(...items.map((i) => i.getBoundingClientRect().bottom)));
  expect(bottom).toBeLessThanOrEqual(page.viewportSize()!.height);
  await saveShot(page, 'menu-member-folded');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
});

test("the admin's menu in English at desktop and phone width (screenshots)", async ({ asAdmin: page }) => {
  await setLanguage(page, 'en');
  try {
    // Desktop first: choosing an entry in the phone's drawer closes the sidebar, and react-admin remembers that.
    for (const device of ['desktop', 'phone'] as const) {
      const size = VIEWPORTS[device];
      await page.setViewportSize(size);
      if (device === 'desktop') {
        // Loaded anew on the start page (the language just set applies on a load), Tasks from the menu.
        await page.goto('/dashboard');
        await openFromMenu(page, 'Tasks');
        await expect(page).toHaveURL(/\/staff\/tasks$/);
      } else {
        // Tasks loaded anew at a phone's width (a laptop's open sidebar would stay open as the drawer); the
        // menu lives in a drawer on a phone: the AppBar's button opens it.
        await page.reload();
        await page.getByRole('button', { name: 'Open menu' }).click();
      }
      await expect(section(page, 'Staff')).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('menuitem', { name: 'Tasks' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
      await page.waitForTimeout(400);
      await saveShot(page, `menu-admin-en-${device}`);
      if (device === 'phone') {
        // Choosing an entry in the drawer goes there and closes the drawer.
        await openFromMenu(page, 'Users');
        await expect(page).toHaveURL(/\/users$/);
        await expect(page.getByRole('menuitem', { name: 'Users' })).toBeHidden();
      }
    }
  } finally {
    // The demo accounts are shared with the other specs: give them their Russian back.
    await setLanguage(page, 'ru');
    await page.setViewportSize(VIEWPORTS.desktop);
  }
});

// The phone project (playwright.config.ts) gives the page a phone's width and touch.
test("no title of the admin's Russian menu is cut on a phone (long ones wrap)", { tag: '@phone' }, async ({ page }) => {
  await signIn(page, 'admin@demo.atrium');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByTestId('side-menu');
  for (const name of ['Сотрудникам', 'Контент', 'Администрирование']) {
    if ((await section(page, name).getAttribute('aria-expanded')) === 'false') await section(page, name).click();
  }
  await expect(menu.getByRole('menuitem', { name: 'Настройки приложения', exact: true })).toBeVisible();
  // Every title shows whole: its text fits its box (no "…").
  const cut = await menu
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.flatMap((item) =>
        [...item.querySelectorAll<HTMLElement>('.MuiTypography-root')]
          .filter((t) => t.scrollWidth > t.clientWidth + 1)
          .map((t) => t.innerText),
      ),
    );
  expect(cut).toEqual([]);

  // A long page title takes two lines in the app bar rather than ending in "…".
  await openFromMenu(page, 'Импорт');
  const title = page.getByRole('banner').getByText('Импорт пользователей', { exact: true });
  await expect(title).toBeVisible();
  // The box that clips it (react-admin's Configurable around the title) holds it whole.
  const box = title.locator('xpath=ancestor-or-self::*[contains(@class, "RaConfigurable-root")][1]');
  expect(
    await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1),
  ).toBe(true);
});
