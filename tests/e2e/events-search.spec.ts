import { expect, type APIRequestContext } from '@playwright/test';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import type { TranslationMessages } from 'react-admin';
import { catalogues } from '../../src/server/i18n';
import { events } from '../../src/web/features/events/i18n';
import { raGerman } from '../../src/web/i18n/ra-de';
import { expectNoRawKeys } from './support/admin-api';
import { addressFilter, openFromMenu } from './support/menu';
import { clickWhenStill, pickTab } from './support/motion';
import { LANGUAGE_WALKS, OPEN_MENU, test, VIEWPORTS } from './support/session';

/**
 * Issue #40: a member with many events finds one on Learning › Events by searching its title or its
 * description, pages through what the search found, is told what to do when a search finds nothing, and
 * opens the event by clicking its card. en and ru on a laptop, de on a phone.
 */

// ra-language-russian is CommonJS: loaded here, its messages may sit under `default`.
const commonJs = (m: TranslationMessages) => (m as { default?: TranslationMessages }).default ?? m;
const RA = { en: englishMessages, ru: commonJs(russianMessages), de: raGerman } as const;
const stamp = Date.now().toString(36);
/** A word only the lantern walk's description holds. */
const word = `glowworm${stamp}`;
const target = `Lantern walk ${stamp}`;
let targetId: number;

async function addEvent(admin: APIRequestContext, title: string, daysAhead: number, description = '<p>A talk.</p>') {
  const startsAt = new Date(Date.now() + daysAhead * 86_400_000);
  startsAt.setUTCHours(17, 0, 0, 0);
  const res = await admin.post('/api/admin/events', {
    data: {
      title,
      description,
      starts_at: startsAt.toISOString(),
      is_published: true,
      time_zone: 'Europe/Berlin',
      place: 'Town hall',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.beforeAll(async ({ adminApi }) => {
  // Twelve events of the stamp before the lantern walk: it is on the list's second page at the earliest.
  for (let i = 0; i < 12; i++) await addEvent(adminApi, `Garden talk ${stamp} ${String(i).padStart(2, '0')}`, 700 + i);
  targetId = await addEvent(adminApi, target, 800, `<p>Bring a paper lantern: <strong>${word}</strong> trail.</p>`);
});

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({ freshUserOptions: { language: lang } });
    test(`a member finds an event by search, pages and opens it from its card (${lang}, ${width})`, async ({
      freshUser,
    }) => {
      const t = events[lang];
      const nav = RA[lang].ra.navigation;
      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      const fromMenu = async () => {
        // On a phone the side menu is a drawer, behind its button.
        if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
        await openFromMenu(page, catalogues[lang].menu_events);
        await expect(page).toHaveURL(/\/events(\?|$)/);
      };
      await fromMenu();
      const search = page.getByLabel(t.search);
      const cards = page.getByTestId('event-card');
      const empty = page.getByTestId('empty-state');

      // A word of the description alone finds the lantern walk, and only it.
      await search.fill(word);
      await expect.poll(() => addressFilter(page)).toEqual({ q: word });
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText(target);

      // A search that finds nothing says so, with what to do: look among the past events (the search kept),
      // or clear the search.
      const nothing = `${word}zz`;
      await search.fill(nothing);
      await expect(empty).toContainText(t.nothing_found_upcoming.replace('%{search}', nothing));
      await expect(empty).toContainText(t.nothing_found_hint);
      await expectNoRawKeys(page);
      await empty.getByRole('button', { name: t.search_past }).click();
      await expect.poll(() => addressFilter(page)).toEqual({ q: nothing, period: 'past' });
      await expect(page.getByRole('tab', { name: t.past })).toHaveAttribute('aria-selected', 'true');
      await expect(empty).toContainText(t.nothing_found_past.replace('%{search}', nothing));
      await empty.getByRole('button', { name: t.clear_search }).click();
      await expect.poll(() => addressFilter(page)).toEqual({ period: 'past' });
      await expect(search).toHaveValue('');
      await expect(page.getByText(t.nothing_found_hint)).toHaveCount(0);

      // The stamp finds the thirteen upcoming events of this spec: ten on the first page, three on the next.
      await pickTab(page.getByRole('tab', { name: t.upcoming }));
      await search.fill(stamp);
      await expect.poll(() => addressFilter(page)).toEqual({ q: stamp });
      await expect(cards.filter({ hasText: stamp })).toHaveCount(10);
      await expect(cards).toHaveCount(10);
      await expect(cards.filter({ hasText: target })).toHaveCount(0);
      const range = (from: number, to: number) =>
        nav.page_range_info
          .replace('%{offsetBegin}', String(from))
          .replace('%{offsetEnd}', String(to))
          .replace('%{total}', '13');
      await expect(page.getByText(range(1, 10), { exact: true })).toBeVisible();
      // The next page's button, named in the member's language on a phone too.
      await page.getByRole('button', { name: nav.next, exact: true }).click();
      await expect(cards).toHaveCount(3);
      await expect(page.getByText(range(11, 13), { exact: true })).toBeVisible();
      // The new page starts at its top: the search box, above the rows, is on screen.
      await expect(search).toBeInViewport();
      if (width === 'desktop') {
        // On a laptop the member may take more rows per page: all thirteen on one.
        await clickWhenStill(page.getByRole('combobox', { name: nav.page_rows_per_page.replace(/:$/, '') }));
        await clickWhenStill(page.getByRole('option', { name: '25', exact: true }));
        await expect(cards).toHaveCount(13);
        await expect(page.getByText(range(1, 13), { exact: true })).toBeVisible();
      }

      // The lantern walk's card opens it.
      await cards.filter({ hasText: target }).click();
      await expect(page).toHaveURL(new RegExp(`/events/view/${String(targetId)}$`));
      await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
      await expect(page.getByText(word)).toBeVisible();
      await expectNoRawKeys(page);
    });
  });
