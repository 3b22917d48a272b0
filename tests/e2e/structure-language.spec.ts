import { expect } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { team } from '../../src/web/features/team/i18n';
import { openFromMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { test } from './support/session';

/**
 * #40 finding 16: Team › Structure's column headers follow a language switch in the same page (no
 * reload), the seeded tag groups' columns ("Interests", "Sources") too.
 */
const stamp = Date.now().toString(36);

test.use({
  freshUserOptions: {
    role: 'consultant',
    firstName: 'Lia',
    lastName: `Lang${stamp}`,
    language: 'ru',
    timeZone: 'Europe/Berlin',
  },
});

test('the structure headers and tag-group columns follow a switch of language without a reload', async ({
  adminApi: admin,
  freshUser,
}) => {
  test.setTimeout(120_000);
  // One person in the consultant's structure, so the table (and its headers) shows.
  const member = await admin.post('/api/v1/users/', {
    data: {
      email: `structure-lang-m-${stamp}@e2e.example`,
      first_name: 'Max',
      last_name: `Member${stamp}`,
      role: 'member',
    },
  });
  expect(member.status(), await member.text()).toBe(201);
  const given = await admin.post('/api/accounts/user/give_away_user/', {
    data: {
      user_id: ((await member.json()) as { id: number }).id,
      consultant_id: freshUser.id,
    },
  });
  expect(given.ok(), await given.text()).toBeTruthy();

  const page = await freshUser.newPage();
  await openFromMenu(page, catalogues.ru.menu_team);
  await page.getByRole('tab', { name: team.ru.tabs.structure }).click();
  const header = (text: string) => page.getByRole('columnheader', { name: text, exact: true });
  await expect(header(catalogues.ru.team_col_donations_current)).toBeVisible();
  await expect(header(catalogues.ru.tag_group_interests)).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  await clickWhenStill(page.getByRole('banner').getByRole('button', { name: 'Русский' }));
  await clickWhenStill(page.getByRole('menuitem', { name: 'Deutsch' }));
  await expect(header(catalogues.de.team_col_donations_current)).toBeVisible();
  await expect(header(catalogues.de.tag_group_interests)).toBeVisible();
  await expect(header(catalogues.de.tag_group_sources)).toBeVisible();
  await expect(header(catalogues.ru.team_col_donations_current)).toHaveCount(0);

  await clickWhenStill(page.getByRole('banner').getByRole('button', { name: 'Deutsch' }));
  await clickWhenStill(page.getByRole('menuitem', { name: 'English' }));
  await expect(header(catalogues.en.team_col_donations_current)).toBeVisible();
  await expect(header(catalogues.en.tag_group_interests)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
