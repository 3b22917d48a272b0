import { expect, type Locator, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { imports } from '../../src/web/features/imports/i18n';
import { team } from '../../src/web/features/team/i18n';
import { openFromMenu } from './support/menu';
import { test } from './support/session';

/**
 * #40 finding 14: on a 1366 × 768 laptop, in German (the longest labels), an import's skip reasons and
 * "Download rejected rows" and Team › Waiting leads' actions are on screen without scrolling sideways.
 */
const stamp = Date.now().toString(36);
const LAPTOP = { width: 1366, height: 768 };

/** The element lies within the window's width, and its table needs no sideways scrolling. */
async function fits(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(LAPTOP.width);
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('.RaDataTable-tableWrapper, .RaList-content, html')].map(
      (el) => el.scrollWidth - el.clientWidth,
    ),
  );
  for (const o of overflow) expect(o).toBeLessThanOrEqual(1);
}

test.use({
  freshUserOptions: {
    role: 'admin',
    firstName: 'Wanda',
    lastName: `Wide${stamp}`,
    language: 'de',
    timeZone: 'Europe/Berlin',
  },
});

test('an import and the waiting leads fit a 1366 px screen in German', async ({ adminApi: admin, freshUser }) => {
  test.setTimeout(150_000);
  // A waiting lead with a long email, so the queue has a row with its actions.
  const lead = await admin.post('/api/v1/users/', {
    data: {
      email: `a-rather-long-address-of-a-waiting-lead-${stamp}@some-company-with-a-long-domain.example`,
      first_name: 'Waltraud',
      last_name: `Wartend${stamp}`,
      role: 'member',
      lead_status: 'waiting',
      city: 'Mönchengladbach',
      phone: '+49 151 23456788',
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);

  const page = await freshUser.newPage({ viewport: LAPTOP });
  const de = imports.de;
  await openFromMenu(page, catalogues.de.menu_staff_imports);
  const name = `wide-${stamp}-a-file-name-as-long-as-exports-name-them.csv`;
  const csv = [
    'First Name,Last Name,Email,Phone',
    `Ada,Good,ada-${stamp}@wide.example,`,
    `Bob,,bob-${stamp}@wide.example,`,
    `Cem,Bad,not-an-email,`,
    `Dan,Phone,,+44 7700 900123`,
  ].join('\n');
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByLabel(de.tag).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: de.start }).click();
  const imported = page.locator('tbody tr').filter({ hasText: name });
  await expect(imported.getByRole('list')).toContainText(catalogues.de.import_phone_not_a_number, { timeout: 60_000 });
  await fits(page, imported.getByRole('list'));
  await fits(page, imported.getByRole('button', { name: de.download_rejected }));

  await openFromMenu(page, catalogues.de.menu_team);
  await page.getByRole('tab', { name: team.de.tabs.waiting }).click();
  await page.getByRole('textbox', { name: 'Suchen', exact: true }).fill(`Wartend${stamp}`);
  const row = page.locator('tbody tr').filter({ hasText: `Wartend${stamp}` });
  // The search's answer, not the whole queue (other specs' leads) that is shown until it comes.
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row).toHaveCount(1);
  await fits(page, row.getByRole('button').last());
});
