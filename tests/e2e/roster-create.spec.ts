import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { staff } from '../../src/web/features/staff/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { LANGUAGE_WALKS, OPEN_MENU, test, VIEWPORTS } from './support/session';
import { clickWhenStill } from './support/motion';

/**
 * #40 finding 17: a consultant with nobody in their structure opens Staff › Consultants from the menu.
 * The empty roster says that a lead created meanwhile is theirs, and "Create lead" works: the lead goes
 * to them. With no tag to give a new person (a fresh install), both create buttons are off and the
 * page says why, instead of opening a form that cannot be saved. en, de (phone), ru.
 */
const stamp = Date.now().toString(36);

/**
 * On a laptop the two create buttons sit side by side in the list's toolbar, level with the search
 * (they were stacked: the toolbar shrank beside the search form and wrapped); a phone may wrap them.
 */
const SEARCH = { en: 'Search', de: 'Suchen', ru: 'Поиск' } as const;
async function expectButtonsInARow(page: Page, lang: keyof typeof staff, width: keyof typeof VIEWPORTS) {
  const box = async (name: string) => {
    const b = await page.getByRole('button', { name, exact: true }).boundingBox();
    expect(b, `${name} is laid out`).not.toBeNull();
    return b!;
  };
  const lead = await box(staff[lang].people.new_lead);
  const partner = await box(staff[lang].people.new_partner);
  expect(partner.x + partner.width).toBeLessThanOrEqual(VIEWPORTS[width].width);
  if (width === 'phone') return;
  const search = (await page.getByRole('textbox', { name: SEARCH[lang], exact: true }).boundingBox())!;
  expect(Math.abs(partner.y - lead.y), 'the buttons share a row').toBeLessThanOrEqual(2);
  expect(partner.x).toBeGreaterThan(lead.x + lead.width);
  expect(lead.x, 'right of the search').toBeGreaterThan(search.x + search.width);
  expect(lead.y, 'level with the search').toBeLessThan(search.y + search.height);
}

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({
      freshUserOptions: {
        role: 'consultant',
        firstName: 'Rosa',
        lastName: `Roster${lang}${stamp}`,
        language: lang,
        timeZone: 'Europe/Berlin',
      },
    });
    test(`an empty roster's create buttons work or say why not (${lang}, ${width})`, async ({
      adminApi: admin,
      freshUser,
    }) => {
      test.setTimeout(120_000);
      const t = staff[lang];
      const { email } = freshUser;
      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
      await openFromMenu(page, catalogues[lang].menu_staff_list);
      await expect(page.getByText(t.list.empty_structure)).toBeVisible();
      await expect(page.getByTestId('roster-no-tags')).toHaveCount(0);
      await expectButtonsInARow(page, lang, width);

      // Create lead: the consultant picks themselves, and the lead is created.
      await page.getByRole('button', { name: t.people.new_lead }).click();
      const form = page.getByRole('dialog');
      const leadEmail = `roster-lead-${lang}-${stamp}@e2e.example`;
      await form.getByLabel(t.people.first_name).fill('Lena');
      await form.getByLabel(t.people.last_name).fill(`Roster${stamp}`);
      await form.getByLabel(t.people.email).fill(leadEmail);
      await form.getByLabel(t.people.tag).click();
      await clickWhenStill(page.getByRole('option').first());
      await form.getByLabel(t.people.consultant).click();
      await clickWhenStill(page.getByRole('option', { name: new RegExp(email) }));
      await form.getByRole('button', { name: t.people.create }).click();
      await expect(page.getByText(t.people.lead_created)).toBeVisible();
      await expect(form).toBeHidden();
      const found = (await (await admin.get(`/api/v1/users/?search=${encodeURIComponent(leadEmail)}`)).json()) as {
        results: Array<{ email: string; responsible_id?: number | null; responsible?: { id: number } | null }>;
      };
      expect(found.results.map((u) => u.email)).toEqual([leadEmail]);

      // No tag exists (as on a fresh install): the buttons are off and the page says what is missing.
      await page.route('**/api/accounts/tags_groups/', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ tags: [], groups: [] }) }),
      );
      await page.reload();
      await expect(page.getByTestId('roster-no-tags')).toHaveText(t.list.no_tags);
      await expect(page.getByRole('button', { name: t.people.new_lead })).toBeDisabled();
      await expect(page.getByRole('button', { name: t.people.new_partner })).toBeDisabled();
      await expectButtonsInARow(page, lang, width);
      await expectNoRawKeys(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[width].width,
      );
    });
  });
