import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../src/server/i18n';
import { events } from '../../../src/web/features/events/i18n';
import { learning } from '../../../src/web/features/learning/i18n';
import { team } from '../../../src/web/features/team/i18n';
import { clickWhenStill } from './motion';

/**
 * The side menu's entry named `name` (exactly), for a spec to click as a person would: when its
 * section is folded, the section is opened first. The sections keep their entries in the page while
 * closed (hidden), which is how the entry's section is found.
 */
export async function menuEntry(page: Page, name: string) {
  const menu = page.getByTestId('side-menu');
  const entry = menu.getByRole('menuitem', { name, exact: true });
  const hidden = menu.getByRole('menuitem', { name, exact: true, includeHidden: true });
  await expect(hidden).toHaveCount(1);
  // `has` is looked up inside each group, so it must not start from the menu.
  const inGroup = page.getByRole('menuitem', { name, exact: true, includeHidden: true });
  // The section is found again on each try: the app draws the whole menu anew when its language's
  // messages arrive, with new ids, and a section found before that is never there again (CI: a click
  // on the old id waited until its time-out).
  await expect(async () => {
    const group = menu.getByRole('group', { includeHidden: true }).filter({ has: inGroup });
    // An entry outside the sections (the dashboard) is always shown.
    if ((await group.count()) > 0) {
      const section = menu.locator(`[aria-controls="${(await group.getAttribute('id', { timeout: 2_000 })) ?? ''}"]`);
      // Opened by an earlier try whose check came too soon: a second click would fold it again. And an
      // entry still visible is not enough: a section folding (CI: opened by the app as it arrived on a page
      // of that section, in the same moment as the spec's click, which folded it again) shows its entries
      // until its animation ends.
      if ((await section.getAttribute('aria-expanded', { timeout: 2_000 })) !== 'true')
        await section.click({ timeout: 2_000 });
      await expect(section).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return entry;
}

/** Opens the page of the side menu's entry `name`, through its section when that is folded. */
export async function openFromMenu(page: Page, name: string) {
  // Found and clicked again if the entry went out of sight before the click (its section folded).
  await expect(async () => {
    await clickWhenStill(await menuEntry(page, name), { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

/** A lesson's page as a member finds it: Lessons from the menu, the lesson searched by its title, its card. */
export async function openLesson(page: Page, lang: 'ru' | 'en' | 'de', title: string, id: number) {
  await openFromMenu(page, catalogues[lang].menu_lessons);
  await page.getByLabel(learning[lang].lessons.search).fill(title);
  await page
    .getByTestId('lesson-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/lesson/view/${String(id)}$`));
}

/**
 * An event's page as a member finds it: Events from the menu, the event searched by its title (other specs'
 * events may fill the first page), its card.
 */
export async function openEvent(page: Page, lang: 'ru' | 'en' | 'de', title: string, id: number) {
  await openFromMenu(page, catalogues[lang].menu_events);
  await page.getByLabel(events[lang].search).fill(title);
  await page
    .getByTestId('event-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/events/view/${String(id)}$`));
}

/**
 * Team › Waiting leads from the (Russian) menu, searched for `search`: other specs leave leads waiting
 * ahead of a spec's own. Returns once the list shows only what the search finds.
 */
export async function openWaitingLeads(page: Page, search: string) {
  await openFromMenu(page, catalogues.ru.menu_team);
  await page.getByRole('tab', { name: team.ru.tabs.waiting }).click();
  await page.getByPlaceholder('Поиск', { exact: true }).fill(search);
  // The search applies after a pause: only then is the list the searched one.
  await expect(page.locator('tbody tr').filter({ hasNotText: search })).toHaveCount(0);
}

/**
 * The list's filter as the address holds it (react-admin keeps it there): a filter race shows there,
 * where the table alone can look right for a moment before a late submit puts the old value back.
 */
export function addressFilter(page: Page): unknown {
  return JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
}

/**
 * Opens the page of the app bar's user menu entry `name` (Profile, Settings…): the menu is opened again if
 * a redraw of the app bar closed it before its entry was there (a clean clone once).
 */
export async function openFromUserMenu(page: Page, name: string) {
  const entry = page
    .getByRole('menuitem', { name, exact: true })
    .and(page.locator(':not([data-testid="side-menu"] *)'));
  await expect(async () => {
    if (!(await entry.isVisible())) await page.locator('.RaUserMenu-userButton').click({ timeout: 5_000 });
    await expect(entry).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await clickWhenStill(entry);
}
