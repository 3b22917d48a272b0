import { expect, type APIRequestContext } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { learning } from '../../src/web/features/learning/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { apiAs, LANGUAGE_WALKS, OPEN_MENU, VIEWPORTS, test } from './support/session';

/**
 * A comment's link opens that comment (#40 item 4, GET navigator/comments/{id}/): a member opens a lesson
 * from the menu, loads the older comments, clicks the time of the oldest (its link) and gets it shown
 * above the list, marked; reloaded, the link still opens that comment although it is not on the first
 * page of the list. In en, de at phone width and ru.
 */

const stamp = Date.now().toString(36);
// The seed's demo content: a free lesson of the "Growing your team" category.
const CATEGORY = 'Growing your team';
const LESSON = 'Inviting your first contacts';
const OLDEST = `The oldest word ${stamp}`;

let admin: APIRequestContext;

test.beforeAll(async ({ baseURL, adminApi }) => {
  admin = adminApi;
  const answer = (await (await admin.get('/api/navigator/lesson/free/list/')).json()) as
    Array<{ id: number; title: string }> | { results: Array<{ id: number; title: string }> };
  const lesson = (Array.isArray(answer) ? answer : answer.results).find((l) => l.title === LESSON)!;
  // The oldest comment, then more than a first page (20) of newer ones above it, by two authors (each may
  // write 20 a minute).
  const consultant = await apiAs(baseURL, 'consultant@demo.atrium');
  const texts = [OLDEST, ...Array.from({ length: 21 }, (_, i) => `Newer word ${String(i)} ${stamp}`)];
  for (const [i, text] of texts.entries()) {
    const res = await (i % 2 ? consultant : admin).post('/api/navigator/comments/', {
      data: { lesson: lesson.id, text },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await consultant.dispose();
});

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({ freshUserOptions: { firstName: 'Lia', lastName: 'Linker', language: lang } });
    test(`a comment's link opens that comment (${lang}, ${width})`, async ({ freshUser }) => {
      const t = learning[lang].comments;
      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
      await openFromMenu(page, catalogues[lang].menu_lessons);
      await page.getByTestId('category-card').filter({ hasText: CATEGORY }).getByRole('link').first().click();
      await page.getByTestId('lesson-card').filter({ hasText: LESSON }).getByRole('link').first().click();
      await expect(page).toHaveURL(/\/lesson\/view\/\d+$/);

      const comments = page.getByTestId('comments');
      await expect(comments.getByText(OLDEST)).toHaveCount(0);
      await comments.getByRole('button', { name: t.more }).click();
      const oldest = comments.getByTestId('comment').filter({ hasText: OLDEST });
      const read = page.waitForResponse((res) =>
        /\/api\/navigator\/comments\/\d+\/$/.test(new URL(res.url()).pathname),
      );
      await oldest.getByRole('link', { name: new RegExp(t.link.replace(/ \(%\{time\}\)$/, '')) }).click();
      expect((await read).status()).toBe(200);
      await expect(page).toHaveURL(/\/lesson\/view\/\d+\?comment=\d+$/);
      const linked = page.getByTestId('linked-comment');
      await expect(linked.getByRole('heading', { name: t.linked })).toBeVisible();
      await expect(linked.getByTestId('comment-text')).toHaveText(OLDEST);
      await expectNoRawKeys(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[width].width,
      );

      // Opened again (a shared link), the comment shows though the list's first page does not have it.
      await page.reload();
      await expect(linked.getByTestId('comment-text')).toHaveText(OLDEST);
      await expect(comments.getByTestId('comment')).toHaveCount(20);
      await expect(comments.getByText(OLDEST)).toHaveCount(0);
    });
  });
