import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { team } from '../../src/web/features/team/i18n';
import { linkIn, waitForMail } from './support/mail';
import { openFromMenu } from './support/menu';
import { OPEN_MENU, VIEWPORTS, signIn, test } from './support/session';
import { saveShot } from './support/screens';
import { rememberLanguage } from './support/language';

/**
 * The team area against the real server: two people register through the demo member's link and one
 * through the first one's link; the member opens the tree two levels deep, opens a member's details,
 * and the structure table. Screenshots of tree, structure and details, phone and desktop, ru and en.
 */

const stamp = Date.now().toString(36);

let anonymous: APIRequestContext;
const people = {
  anna: { first_name: 'Anna', last_name: `Teamova${stamp}`, email: `anna-${stamp}@e2e.example` },
  alex: { first_name: 'Alex', last_name: `Zweig${stamp}`, email: `alex-${stamp}@e2e.example` },
  boris: { first_name: 'Boris', last_name: `Enkel${stamp}`, email: `boris-${stamp}@e2e.example` },
};

async function tokenOf(email: string, password = 'demo-password') {
  const res = await anonymous.post('/api/accounts/login/', { form: { username: email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function register(person: (typeof people)[keyof typeof people], promo: string) {
  const res = await anonymous.post('/api/accounts/register/', {
    data: { ...person, password: 'team-password-1', promo, language: 'ru', time_zone: 'Europe/Berlin' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** The user's own promo code, from their profile (token from a login, or from confirming a new email). */
async function promoOf(token: string): Promise<string> {
  const res = await anonymous.get('/api/accounts/me/', { headers: { Authorization: `JWT ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { promo_code: string }).promo_code;
}

/** Confirms a registered email through the mailed link; the answer logs the user in. */
async function activate(email: string): Promise<string> {
  const link = linkIn(await waitForMail(email), '/email-required');
  const token = new URL(link, 'http://x').searchParams.get('token')!;
  const res = await anonymous.post('/api/accounts/activate/', { data: { token } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

test.beforeAll(async ({ baseURL }) => {
  anonymous = await playwrightRequest.newContext({ baseURL });
  const memberPromo = await promoOf(await tokenOf('member@demo.atrium'));
  await register(people.anna, memberPromo);
  await register(people.alex, memberPromo);
  await register(people.boris, await promoOf(await activate(people.anna.email)));
});

test.afterAll(async () => {
  await anonymous.dispose();
});

/** Signs `page` in as the demo member and opens the dashboard. */
const logIn = (page: Page) => signIn(page, 'member@demo.atrium');

async function expectNoRawKeys(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text).not.toContain('atrium.');
  expect(text).not.toMatch(/\bra\.[a-z_]+\.[a-z_]+/);
}

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;

test('a member unfolds the tree two levels deep, opens a member’s details and the structure table', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logIn(page);
  await openFromMenu(page, catalogues.ru.menu_team);
  const tree = page.getByRole('tree');
  const anna = tree
    .getByRole('treeitem')
    .filter({ hasText: fullName(people.anna) })
    .first();
  await expect(anna).toContainText('Приглашено: 1');
  await expect(anna).toContainText('Уровень 1');
  await expect(tree.getByRole('treeitem').filter({ hasText: fullName(people.alex) })).toBeVisible();
  // Level two opens on demand.
  await expect(page.getByText(fullName(people.boris))).toHaveCount(0);
  await anna.getByRole('button', { name: `Показать команду: ${fullName(people.anna)}` }).click();
  await expect(anna).toHaveAttribute('aria-expanded', 'true');
  const boris = anna.getByRole('treeitem').filter({ hasText: fullName(people.boris) });
  await expect(boris).toContainText('Уровень 2');
  await expect(boris).toContainText('Приглашено: 0');

  await boris.getByRole('link', { name: `Подробнее: ${fullName(people.boris)}` }).click();
  await expect(page).toHaveURL(/\/user\/view-details\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: fullName(people.boris) })).toBeVisible();
  await expect(page.getByText(people.boris.email)).toBeVisible();
  await expect(page.getByText(fullName(people.anna))).toBeVisible(); // invited by
  await expect(page.getByText('Выполненных задач пока нет.')).toBeVisible();
  await expectNoRawKeys(page);

  await openFromMenu(page, catalogues.ru.menu_team);
  await page.getByRole('tab', { name: team.ru.tabs.structure }).click();
  await expect(page.getByTestId('structure-totals')).toContainText('0,00 $');
  await expect(page.getByRole('cell', { name: people.boris.last_name, exact: true })).toBeVisible();
  // The search narrows the table on the server and is kept for the next visit (per-key local storage).
  await page.getByPlaceholder('Поиск', { exact: true }).fill(people.boris.last_name);
  await expect(page.getByRole('cell', { name: people.anna.last_name, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('structure-count')).toContainText('1 из');
  await page.reload();
  await expect(page.getByPlaceholder('Поиск', { exact: true })).toHaveValue(people.boris.last_name);
  await expect(page.getByRole('cell', { name: people.boris.last_name, exact: true })).toBeVisible();
  await page.getByPlaceholder('Поиск', { exact: true }).fill('');
  await expect(page.getByRole('cell', { name: people.anna.last_name, exact: true })).toBeVisible();
});

test('screenshots of the team pages, phone and desktop, ru and en', async ({ page }) => {
  // Twelve page loads on a shared machine.
  test.setTimeout(240_000);
  await logIn(page);
  const token = await page.evaluate(() => localStorage.getItem('atrium:token'));
  const detailsId = await page.evaluate(
    async ([t, lastName]) => {
      const res = await fetch('/api/team/get_children/', { headers: { Authorization: `JWT ${t}` } });
      const nodes = (await res.json()) as Array<{ id: number; last_name: string }>;
      return nodes.find((n) => n.last_name === lastName)!.id;
    },
    [token, people.anna.last_name] as const,
  );
  for (const lang of ['ru', 'en'] as const) {
    const res = await page.request.post('/api/accounts/set_language/', {
      headers: { Authorization: `JWT ${token}` },
      data: { language: lang },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    await rememberLanguage(page, lang);
    for (const [device, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      // Loaded anew on the start page (the language just set applies on a load); Team from the menu, on a
      // phone behind the app bar's button.
      await page.goto('/dashboard');
      if (device === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
      await openFromMenu(page, catalogues[lang].menu_team);
      const first = page
        .getByRole('treeitem')
        .filter({ hasText: fullName(people.anna) })
        .first();
      await first.getByRole('button').first().click();
      await expect(first.getByRole('treeitem').filter({ hasText: fullName(people.boris) })).toBeVisible();
      await expectNoRawKeys(page);
      await saveShot(page, `team-tree-${lang}-${device}`);
      await page.getByRole('tab', { name: team[lang].tabs.structure }).click();
      await expect(page.getByTestId('structure-totals')).toBeVisible();
      await expectNoRawKeys(page);
      await saveShot(page, `team-structure-${lang}-${device}`);
      // The person from the structure's row, as a person opens them (on a phone a row is one cell, the
      // name its first line).
      await (
        device === 'phone'
          ? page.getByRole('row').filter({ hasText: people.anna.last_name }).getByText(fullName(people.anna))
          : page.getByRole('cell', { name: people.anna.last_name, exact: true })
      ).click();
      await expect(page).toHaveURL(new RegExp(`/user/view-details/${detailsId}$`));
      await expect(page.getByRole('heading', { level: 1, name: fullName(people.anna) })).toBeVisible();
      await expectNoRawKeys(page);
      await saveShot(page, `team-details-${lang}-${device}`);
    }
  }
  await page.request.post('/api/accounts/set_language/', {
    headers: { Authorization: `JWT ${token}` },
    data: { language: 'ru' },
  });
});
