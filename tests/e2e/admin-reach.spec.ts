import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { admin as adminTexts } from '../../src/web/features/admin/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { rememberLanguage } from './support/language';
import { addressFilter, openFromMenu } from './support/menu';
import { OPEN_MENU, test, type FreshUser } from './support/session';

/**
 * Every content list's way to its editor, by clicking (issue #40: every list → detail path): the admin
 * opens each content list from the side menu, finds the spec's own row by the list's search and clicks
 * it, and the editor shows that row's record; Packages and Footer links also open their Create forms.
 * Lesson materials, which the menu does not list, are reached from the Lesson editor's "Lesson materials"
 * button. And a consultant given several people at once opens the bell's notice and lands on Structure
 * with them listed. One language per group of screens: English, German and Russian; the materials also
 * on a phone.
 */

const stamp = Date.now().toString(36);
const T = {
  category: `Reach category ${stamp}`,
  lesson: `Reach lesson ${stamp}`,
  material: `Reach material ${stamp}`,
  book: `Reach book ${stamp}`,
  product: `Reach mug ${stamp}`,
  news: `Reach news ${stamp}`,
  broadcast: `Reach live ${stamp}`,
  package: `Reach package ${stamp}`,
};
type Lang = 'ru' | 'en' | 'de';
/** react-admin's own words (its catalogues), as the list's toolbar and search show them. */
const CREATE = { en: 'Create', de: 'Erstellen', ru: 'Создать' } as const;
const SEARCH = { en: 'Search', de: 'Suchen', ru: 'Поиск' } as const;
const EXPORT = { en: 'Export', de: 'Exportieren', ru: 'Экспорт' } as const;
const ids: Record<keyof typeof T, number> = {
  category: 0,
  lesson: 0,
  material: 0,
  book: 0,
  product: 0,
  news: 0,
  broadcast: 0,
  package: 0,
};

async function made(api: APIRequestContext, path: string, data: Record<string, unknown>): Promise<number> {
  const res = await api.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

// The spec's own rows: a full run's other specs leave rows of their own ahead of the seed's.
test.beforeAll(async ({ adminApi }) => {
  ids.category = await made(adminApi, '/api/admin/lesson-categories', { title: T.category });
  ids.lesson = await made(adminApi, '/api/admin/lessons', { category_id: ids.category, title: T.lesson });
  ids.material = await made(adminApi, '/api/admin/lesson-materials', {
    lesson_id: ids.lesson,
    title: T.material,
    url: `https://example.com/reach-${stamp}`,
  });
  ids.book = await made(adminApi, '/api/admin/books', { title: T.book, is_free: true });
  ids.product = await made(adminApi, '/api/admin/products', { name: T.product, price: '5.00', stock: 1 });
  ids.news = await made(adminApi, '/api/admin/news', { title: T.news, summary: 'Reach' });
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  ids.broadcast = await made(adminApi, '/api/admin/broadcasts', {
    title: T.broadcast,
    starts_at: inHours(24),
    ends_at: inHours(25),
    url: `https://meet.example.com/reach-${stamp}`,
  });
  ids.package = await made(adminApi, '/api/admin/packages', { name: T.package, category_ids: [ids.category] });
});

/** The fresh admin's page, in `lang` (this browser's pick and the account's). */
async function adminPage(user: FreshUser, lang: Lang): Promise<Page> {
  const page = await user.newPage();
  await rememberLanguage(page, lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  return page;
}

/** On a phone the side menu is a drawer, opened from the app bar first. */
async function fromMenu(page: Page, lang: Lang, name: string, phone = false) {
  if (phone) await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
  await openFromMenu(page, name);
}

/**
 * The list's row named `text`, found by the list's search and clicked (the table's row on a laptop, the
 * one-column list's item on a phone): its editor opens at `/admin/<resource>/<id>` and shows the record.
 */
async function openRow(page: Page, lang: Lang, resource: string, text: string, id: number, field = 'title') {
  await expect(page).toHaveURL(new RegExp(`/admin/${resource}(\\?.*)?$`));
  await page.getByPlaceholder(SEARCH[lang], { exact: true }).fill(text);
  // The search applies after a pause (the address holds it then): the row is clicked in the searched list.
  await expect.poll(() => addressFilter(page)).toMatchObject({ q: text });
  await page.getByRole('main').getByText(text, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${resource}/${String(id)}$`));
  await expect(page.locator(`input[name="${field}"]`)).toHaveValue(text);
  await expectNoRawKeys(page);
}

test.describe('in English', () => {
  test.use({ freshUserOptions: { role: 'admin', language: 'en', firstName: 'Ada' } });

  test('books, products and news: each list from the menu, a row to its editor', async ({ freshUser }) => {
    const page = await adminPage(freshUser, 'en');
    const menu = catalogues.en;
    await fromMenu(page, 'en', menu.menu_content_books);
    await openRow(page, 'en', 'books', T.book, ids.book);
    await fromMenu(page, 'en', menu.menu_content_products);
    await openRow(page, 'en', 'products', T.product, ids.product, 'name');
    await fromMenu(page, 'en', menu.menu_content_news);
    await openRow(page, 'en', 'news', T.news, ids.news);
  });
});

test.describe('auf Deutsch', () => {
  test.use({ freshUserOptions: { role: 'admin', language: 'de', firstName: 'Dora' } });

  test('broadcasts, packages and footer links: rows to their editors, Create to the new forms', async ({
    freshUser,
  }) => {
    const page = await adminPage(freshUser, 'de');
    const menu = catalogues.de;
    await fromMenu(page, 'de', menu.menu_content_broadcasts);
    await openRow(page, 'de', 'broadcasts', T.broadcast, ids.broadcast);

    await fromMenu(page, 'de', menu.menu_content_packages);
    await openRow(page, 'de', 'packages', T.package, ids.package, 'name');
    await fromMenu(page, 'de', menu.menu_content_packages);
    await expect(page).toHaveURL(/\/admin\/packages(\?.*)?$/);
    await page.getByRole('link', { name: CREATE.de, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/packages\/create$/);
    await expect(page.locator('input[name="name"]')).toBeVisible();
    await expect(page.locator('input[name="name"]')).toHaveValue('');

    await fromMenu(page, 'de', menu.menu_content_footer_links);
    await expect(page).toHaveURL(/\/admin\/footer-links(\?.*)?$/);
    await page.getByRole('link', { name: CREATE.de, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/footer-links\/create$/);
    await expect(page.locator('input[name="title"]')).toBeVisible();
    await expectNoRawKeys(page);
  });
});

/** Lesson editor › Lesson materials › the material's row: the materials list's only way in. */
async function walkToMaterial(page: Page, lang: Lang, phone: boolean) {
  await fromMenu(page, lang, catalogues[lang].menu_content_lessons, phone);
  await expect(page).toHaveURL(/\/admin\/lessons(\?.*)?$/);
  // The new button sits beside react-admin's own, which stay.
  await expect(page.getByRole('link', { name: CREATE[lang], exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: EXPORT[lang], exact: true })).toBeVisible();
  await page.getByRole('link', { name: adminTexts[lang].lessons.all_materials, exact: true }).click();
  await openRow(page, lang, 'lesson-materials', T.material, ids.material);
}

test.describe('на русском', () => {
  test.use({ freshUserOptions: { role: 'admin', language: 'ru', firstName: 'Анна' } });

  test('Lesson editor › Lesson materials › a material to its editor', async ({ freshUser }) => {
    await walkToMaterial(await adminPage(freshUser, 'ru'), 'ru', false);
  });
});

test.describe('on a phone, in English', { tag: '@phone' }, () => {
  test.use({ freshUserOptions: { role: 'admin', language: 'en', firstName: 'Ada' } });

  test('Lesson editor › Lesson materials › a material to its editor', async ({ freshUser }) => {
    await walkToMaterial(await adminPage(freshUser, 'en'), 'en', true);
  });
});

test.describe('a consultant given people at once', () => {
  test.use({ freshUserOptions: { role: 'consultant', language: 'de', firstName: 'Emil' } });

  test("opens the bell's notice and lands on Structure with them listed", async ({ adminApi, freshUser }) => {
    // Two people of another consultant's, handed over in one go: the bell's "handed people over to you" notice.
    const from = await made(adminApi, '/api/v1/users/', {
      email: `reach-from-${stamp}-${String(freshUser.id)}@e2e.example`,
      first_name: 'Fritz',
      last_name: `From${stamp}`,
      role: 'consultant',
      language: 'de',
      password: 'reach-password-1',
    });
    const labels = (await (await adminApi.get('/api/accounts/tags_groups/')).json()) as { tags: { id: number }[] };
    const people: { id: number; lastName: string }[] = [];
    for (const n of [1, 2]) {
      const lastName = `Handed${stamp}u${String(freshUser.id)}n${String(n)}`;
      const res = await adminApi.post('/api/accounts/user/create_lead_user/', {
        data: {
          first_name: 'Hanna',
          last_name: lastName,
          email: `${lastName.toLowerCase()}@e2e.example`,
          language: 'de',
          tag_id: labels.tags[0]!.id,
          consultant_id: from,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      people.push({ id: ((await res.json()) as { user: { id: number } }).user.id, lastName });
    }
    const given = await adminApi.post('/api/accounts/manager/give_away_user/', {
      data: { from_consultant_id: from, to_consultant_id: freshUser.id, user_ids: people.map((p) => p.id) },
    });
    expect(given.ok(), await given.text()).toBeTruthy();
    expect(((await given.json()) as { moved: number }).moved).toBe(2);

    const page = await freshUser.newPage();
    await rememberLanguage(page, 'de');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('notifications-bell').click();
    // "{by} hat Ihnen Personen übergeben: 2.", whoever the admin is.
    const escaped = catalogues.de.notification_users_handed_over.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const message = new RegExp(`^${escaped.replace('{by}', '.+').replace('{count}', '2')}$`);
    const notice = page
      .getByTestId('notifications-menu')
      .getByTestId('notification')
      .filter({ has: page.getByText(message) });
    await expect(notice).toHaveCount(1);
    await notice.getByRole('button').click();
    await expect(page).toHaveURL(/\/structure(\?.*)?$/);
    for (const p of people) await expect(page.getByRole('main').getByText(p.lastName)).toBeVisible();
    await expectNoRawKeys(page);
  });
});
