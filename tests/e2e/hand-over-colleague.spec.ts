import { expect, type APIRequestContext } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { person as personTexts } from '../../src/web/features/team/person/i18n';
import { team } from '../../src/web/features/team/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { OPEN_MENU, VIEWPORTS, signedInPage, test } from './support/session';

/**
 * #40 finding 12: a consultant hands a person of theirs to a colleague outside their own structure
 * from the person page (reached from the menu: Team › Structure, the row); the picker lists that
 * colleague, the colleague's bell tells them who was handed to them (in German, on a phone), and the
 * person's bell says who their consultant is now (in Russian).
 */

const stamp = Date.now().toString(36);
const PASSWORD = 'hand-over-password-1';
let admin: APIRequestContext;
const made: Record<'from' | 'to' | 'person', { id: number; email: string; first_name: string; last_name: string }> =
  {} as never;

async function makeUser(key: keyof typeof made, role: string, language: string, last: string) {
  const email = `hand-${key}-${stamp}@e2e.example`;
  const res = await admin.post('/api/v1/users/', {
    data: {
      email,
      first_name: key === 'person' ? 'Pia' : 'Kai',
      last_name: last,
      role,
      language,
      password: PASSWORD,
      time_zone: 'Europe/Berlin',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  made[key] = { ...((await res.json()) as { id: number; first_name: string; last_name: string }), email };
}

test.beforeAll(async ({ adminApi }) => {
  admin = adminApi;
  await makeUser('from', 'consultant', 'en', `From${stamp}`);
  await makeUser('to', 'consultant', 'de', `To${stamp}`);
  await makeUser('person', 'member', 'ru', `Person${stamp}`);
  const given = await admin.post('/api/accounts/user/give_away_user/', {
    data: { user_id: made.person.id, consultant_id: made.from.id },
  });
  expect(given.ok(), await given.text()).toBeTruthy();
});

test('a consultant hands a person to a colleague outside their structure; the colleague and the person are told', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const en = personTexts.en.actions;
  const page = await signedInPage(browser, made.from.email, { password: PASSWORD });
  await openFromMenu(page, catalogues.en.menu_team);
  await page.getByRole('tab', { name: team.en.tabs.structure }).click();
  await page.getByPlaceholder('Search', { exact: true }).fill(made.person.last_name);
  await page.getByRole('cell', { name: made.person.last_name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user/view-details/${String(made.person.id)}$`));

  await page.getByRole('button', { name: en.hand_over }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: en.hand_over_to }).click();
  // The colleague is offered though not in this consultant's structure; the person's own consultant is not.
  await expect(page.getByRole('option', { name: new RegExp(made.from.last_name) })).toHaveCount(0);
  await clickWhenStill(page.getByRole('option', { name: new RegExp(made.to.last_name) }));
  await dialog.getByRole('button', { name: en.hand_over }).click();
  await expect(page.getByText(en.hand_over_done.replace('%{smart_count}', '1'))).toBeVisible();
  await expectNoRawKeys(page);

  // The colleague, on a phone in German: the bell names the person and who handed them over.
  const colleague = await signedInPage(browser, made.to.email, { password: PASSWORD, viewport: VIEWPORTS.phone });
  await expect(colleague.getByRole('button', { name: OPEN_MENU.de })).toBeVisible();
  await colleague.getByTestId('notifications-bell').click();
  const told = catalogues.de.notification_user_handed_over
    .replace('{by}', `${made.from.first_name} ${made.from.last_name}`)
    .replace('{name}', `${made.person.first_name} ${made.person.last_name}`);
  await clickWhenStill(colleague.getByTestId('notifications-menu').getByText(told));
  await expect(colleague).toHaveURL(new RegExp(`/user/view-details/${String(made.person.id)}$`));

  // The person, in Russian: their bell says who their consultant is now.
  const member = await signedInPage(browser, made.person.email, { password: PASSWORD });
  await member.getByTestId('notifications-bell').click();
  await expect(
    member
      .getByTestId('notifications-menu')
      .getByText(
        catalogues.ru.notification_consultant_changed.replace('{name}', `${made.to.first_name} ${made.to.last_name}`),
      ),
  ).toBeVisible();
});
