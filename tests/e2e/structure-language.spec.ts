import { expect } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { team } from '../../src/web/features/team/i18n';
import { person } from '../../src/web/features/team/person/i18n';
import { openFromMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { test } from './support/session';

/**
 * #40 finding 16: Team › Structure's column headers follow a language switch in the same page (no
 * reload), the seeded tag groups' columns ("Interests", "Sources") too; and the person page a row opens
 * names the person's seeded group in the same language (it showed the stored English name).
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
  const memberId = ((await member.json()) as { id: number }).id;
  const given = await admin.post('/api/accounts/user/give_away_user/', {
    data: {
      user_id: memberId,
      consultant_id: freshUser.id,
    },
  });
  expect(given.ok(), await given.text()).toBeTruthy();
  // The member is in the seeded "Sources" group (listed under whatever language the admin reads).
  const labels = (await (await admin.get('/api/accounts/tags_groups/')).json()) as {
    groups: { id: number; name: string }[];
  };
  const sourcesNames = (['ru', 'en', 'de'] as const).map((l) => catalogues[l].tag_group_sources);
  const sources = labels.groups.find((g) => sourcesNames.includes(g.name));
  expect(sources).toBeTruthy();
  const grouped = await admin.post('/api/accounts/user/update_settings/', {
    data: { user_id: memberId, groups: [sources!.id] },
  });
  expect(grouped.ok(), await grouped.text()).toBeTruthy();

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

  // The member's row opens their page: the group is named in German there too; back to the structure.
  await page.getByRole('cell', { name: `Member${stamp}`, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/view-details\/\d+$/);
  await page.getByRole('tab', { name: person.de.tabs.contact }).click();
  await expect(page.locator('#main-content').getByText(catalogues.de.tag_group_sources, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: person.de.back }).click();
  await page.getByRole('tab', { name: team.de.tabs.structure }).click();
  await expect(header(catalogues.de.tag_group_interests)).toBeVisible();

  await clickWhenStill(page.getByRole('banner').getByRole('button', { name: 'Deutsch' }));
  await clickWhenStill(page.getByRole('menuitem', { name: 'English' }));
  await expect(header(catalogues.en.team_col_donations_current)).toBeVisible();
  await expect(header(catalogues.en.tag_group_interests)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
