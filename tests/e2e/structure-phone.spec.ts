import { expect, type APIRequestContext, type Page } from '@playwright/test';
import englishMessages from 'ra-language-english';
import { catalogues } from '../../src/server/i18n';
import { team } from '../../src/web/features/team/i18n';
import { person } from '../../src/web/features/team/person/i18n';
import { raGerman } from '../../src/web/i18n/ra-de';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { OPEN_MENU, VIEWPORTS, test, type FreshUser } from './support/session';

/**
 * Team › Structure found from the side menu (#40): a search by a seeded tag's name as the person sees
 * it finds its holders (the search matched only names, emails and phones, so the translated tag the rows
 * show found nobody), in German on a phone, where the list fits the screen with every action at
 * hand (it was a table wider than 390 px), and in English on a laptop.
 */

const stamp = Date.now().toString(36);
const SEARCH = { de: raGerman.ra.action.search, en: englishMessages.ra.action.search } as const;

/**
 * Two leads of `consultant`'s (so in their structure): one holding the seeded tag stored as "Referral",
 * whose last name is returned, and one holding "Website", whom the search must leave out.
 */
async function referredLead(adminApi: APIRequestContext, consultant: FreshUser) {
  const labels = (await (await adminApi.get('/api/accounts/tags_groups/')).json()) as {
    tags: { id: number; name: string }[];
  };
  // Listed in the admin's language, whichever it is.
  const names = (['ru', 'en', 'de'] as const).map((l) => catalogues[l].tag_referral);
  const referral = labels.tags.find((x) => names.includes(x.name));
  const websites = (['ru', 'en', 'de'] as const).map((l) => catalogues[l].tag_website);
  const website = labels.tags.find((x) => websites.includes(x.name));
  expect(referral && website).toBeTruthy();
  const lastName = `Tagged${consultant.language}${stamp}`;
  for (const [tag, last, key] of [
    [referral!.id, lastName, 'r'],
    [website!.id, `Other${consultant.language}${stamp}`, 'w'],
  ] as const) {
    const res = await adminApi.post('/api/accounts/user/create_lead_user/', {
      data: {
        first_name: 'Rita',
        last_name: last,
        email: `structure-phone-${consultant.language}-${key}-${stamp}@e2e.example`,
        language: consultant.language,
        tag_id: tag,
        consultant_id: consultant.id,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return lastName;
}

/** The list says it shows one of the consultant's two people: the search has narrowed it. */
async function foundOne(page: Page, lang: 'de' | 'en') {
  await expect(page.getByTestId('structure-count')).toHaveText(
    team[lang].structure.members.replace('%{count}', '1').replace('%{total}', '2'),
  );
  await expect(page.locator('tbody tr')).toHaveCount(1);
}

/** Team › Structure from the side menu, then a search for the seeded tag by its name in `lang`. */
async function searchTheTag(page: Page, lang: 'de' | 'en') {
  await openFromMenu(page, catalogues[lang].menu_team);
  await page.getByRole('tab', { name: team[lang].tabs.structure }).click();
  await page.getByPlaceholder(SEARCH[lang], { exact: true }).fill(catalogues[lang].tag_referral);
}

/**
 * Nothing wider than the phone: the page, and a table on it itself, which scrolled sideways in its own box
 * (so the page alone measured 390 px while the table's columns ran off the screen).
 */
async function fitsTheScreen(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  const tables = await page
    .locator('table')
    .evaluateAll((ts) => Math.max(0, ...ts.map((t) => t.getBoundingClientRect().right)));
  expect(tables).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

test.describe(() => {
  test.use({ freshUserOptions: { role: 'consultant', firstName: 'Klara', language: 'de', timeZone: 'Europe/Berlin' } });
  test(
    'on a phone in German: a seeded tag found by its German name, the list no wider than the screen',
    { tag: '@phone' },
    async ({ adminApi, freshUser }) => {
      test.setTimeout(120_000);
      const lastName = await referredLead(adminApi, freshUser);
      const page = await freshUser.newPage();
      await page.getByRole('button', { name: OPEN_MENU.de }).click();
      await searchTheTag(page, 'de');
      await foundOne(page, 'de');
      const row = page.locator('tbody tr').filter({ hasText: lastName });
      await expect(row).toHaveCount(1);
      // One cell a row: the name, the status and the tag as the person reads it.
      await expect(row.getByText(catalogues.de.tag_referral, { exact: true })).toBeVisible();
      await expect(row.getByText(team.de.statuses.processing, { exact: true })).toBeVisible();
      await fitsTheScreen(page);
      await expectNoRawKeys(page);

      // Every action at hand inside the screen: the filters, the order, the hand-over of the selected.
      const inView = async (name: string) => {
        const button = page.getByRole('button', { name, exact: true });
        await expect(button).toBeVisible();
        const box = await button.boundingBox();
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      };
      await inView(raGerman.ra.action.add_filter);
      await expect(page.getByRole('combobox', { name: team.de.structure.sort_by })).toBeVisible();
      await row.getByRole('checkbox').check();
      await inView(person.de.actions.hand_over);
      await fitsTheScreen(page);
      await row.getByRole('checkbox').uncheck();

      // The row opens the person's page.
      await row.getByText(lastName).click();
      await expect(page).toHaveURL(/\/user\/view-details\/\d+$/);
      await fitsTheScreen(page);
    },
  );
});

test.describe(() => {
  test.use({ freshUserOptions: { role: 'consultant', firstName: 'Kate', language: 'en', timeZone: 'Europe/Berlin' } });
  test('on a laptop in English: a seeded tag found by its English name, in the table', async ({
    adminApi,
    freshUser,
  }) => {
    test.setTimeout(120_000);
    const lastName = await referredLead(adminApi, freshUser);
    const page = await freshUser.newPage();
    await searchTheTag(page, 'en');
    await foundOne(page, 'en');
    await expect(page.getByRole('cell', { name: lastName, exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: catalogues.en.tag_group_sources, exact: true })).toBeVisible();
    await expectNoRawKeys(page);
  });
});
