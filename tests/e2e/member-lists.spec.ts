import { expect, type APIRequestContext } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { news } from '../../src/web/features/news/i18n';
import { addressFilter, openFromMenu } from './support/menu';
import { test } from './support/session';

/**
 * The member's lists (news, events, lessons) keep their page and search (issue #39 item 4: react-admin's
 * list machinery, the page and filters in the address and its store): a member who searches the news,
 * goes to page 2 and opens an item comes back, by the item's "All news" link, to the same page of the
 * same search, and a reload keeps it too.
 */

const stamp = Date.now().toString(36);
let admin: APIRequestContext;

test.beforeAll(({ adminApi }) => {
  admin = adminApi;
});

test('a member back from a news item is on the page and search left', async ({ asMember: page }) => {
  // Eleven published news with the stamp in the title, a minute apart: ten on page 1, the oldest on page 2.
  for (let i = 0; i < 11; i++) {
    const res = await admin.post('/api/admin/news', {
      data: {
        title: `Paged ${stamp} ${String(i).padStart(2, '0')}`,
        summary: 'A news item of the paging test.',
        body: '<p>Paging.</p>',
        is_important: false,
        published_at: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const oldest = `Paged ${stamp} 10`;

  await openFromMenu(page, catalogues.ru.menu_news);
  const search = page.getByLabel('Поиск новостей');
  await search.fill(stamp);
  // The search is applied once typing pauses; the address then carries it.
  await expect(page).toHaveURL(new RegExp(stamp));
  const cards = page.getByTestId('news-card');
  // Ten cards of the search (the unfiltered first page has ten cards too, until the search's answer comes).
  await expect(cards.filter({ hasText: stamp })).toHaveCount(10);
  await expect(cards).toHaveCount(10);
  // Page 2's link ("На 2 страницу" / "Страница 2"), under the list.
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /(^|\s)2(\s|$)/ })
    .click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(oldest);

  await cards.getByRole('link').click();
  await expect(page).toHaveURL(/\/news\/view\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: oldest })).toBeVisible();
  await page.getByRole('link', { name: 'Все новости' }).click();

  // The same search and page as left.
  await expect(search).toHaveValue(stamp);
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(oldest);
  await page.reload();
  await expect(search).toHaveValue(stamp);
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(oldest);

  // "Important" and the search at once, both orders: the last action wins (the toggle is a field of the
  // search's filter form; before, the search's submit dropped a toggle clicked just after typing).
  const show = page.getByRole('group', { name: news.ru.show });
  const onlyImportant = show.getByRole('button', { name: news.ru.only_important, exact: true });
  await search.fill(`${stamp} 03`);
  await onlyImportant.click();
  await expect.poll(() => addressFilter(page)).toEqual({ q: `${stamp} 03`, important: true });
  await expect(onlyImportant).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(news.ru.nothing_found)).toBeVisible();
  await show.getByRole('button', { name: news.ru.all, exact: true }).click();
  await search.fill(stamp);
  await expect.poll(() => addressFilter(page)).toEqual({ q: stamp });
  await expect(onlyImportant).toHaveAttribute('aria-pressed', 'false');
  await expect(cards).toHaveCount(10);
});
