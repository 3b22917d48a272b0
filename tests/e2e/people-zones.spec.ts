import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { staff } from '../../src/web/features/staff/i18n';
import { person as personTexts } from '../../src/web/features/team/person/i18n';
import { users as usersTexts } from '../../src/web/features/users/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { waitForMailAbout } from './support/mail';
import { openFromMenu } from './support/menu';
import { signedInPage, test } from './support/session';
import { clickWhenStill } from './support/motion';

/**
 * #40 finding 11, from the menu of a Russian admin: "Create lead" for a New York number makes an
 * English lead in New York time and invites them in English; Admin › Users › Create says how the person
 * gets in and, for an Austrian number, makes a German user in Vienna time invited in German.
 */

const stamp = Date.now().toString(36);
let admin: APIRequestContext;

test.beforeAll(({ adminApi }) => {
  admin = adminApi;
});

async function userByEmail(email: string) {
  const found = (await (await admin.get(`/api/v1/users/?search=${encodeURIComponent(email)}`)).json()) as {
    results: { email: string; time_zone: string; language: string }[];
  };
  return found.results.find((u) => u.email === email);
}

const dialog = (page: Page) => page.getByRole('dialog');

test('staff-created people get the zone and language of their phone and an invitation in it', async ({ browser }) => {
  test.setTimeout(150_000);
  const page = await signedInPage(browser, 'admin@demo.atrium');
  const people = staff.ru.people;

  await openFromMenu(page, catalogues.ru.menu_staff_list);
  await page.getByRole('button', { name: people.new_lead }).click();
  const form = dialog(page);
  const leadEmail = `nyc-${stamp}@e2e.example`;
  await form.getByLabel(people.first_name).fill('Nora');
  await form.getByLabel(people.last_name).fill(`York${stamp}`);
  await form.getByLabel(people.email).fill(leadEmail);
  await form.getByLabel(people.phone).fill('+1 212 555 0142');
  await form.getByLabel(people.tag).click();
  await clickWhenStill(page.getByRole('option').first());
  await form.getByLabel(people.consultant).click();
  await clickWhenStill(page.getByRole('option', { name: /consultant@demo\.atrium/ }));
  await expect(form.getByText(personTexts.ru.language_hint)).toBeVisible();
  await form.getByLabel(personTexts.ru.send_invitation).check();
  await form.getByRole('button', { name: people.create }).click();
  await expect(page.getByText(people.lead_created)).toBeVisible();
  await waitForMailAbout(leadEmail, catalogues.en.mail_invitation_subject);
  expect(await userByEmail(leadEmail)).toMatchObject({ time_zone: 'America/New_York', language: 'en' });

  const texts = usersTexts.ru;
  await openFromMenu(page, catalogues.ru.menu_users);
  await page.getByRole('link', { name: 'Создать' }).click();
  await expect(page.getByText(texts.how_in)).toBeVisible();
  const userEmail = `graz-${stamp}@e2e.example`;
  await page.getByRole('textbox', { name: texts.fields.first_name, exact: true }).fill('Gerd');
  await page.getByRole('textbox', { name: texts.fields.last_name, exact: true }).fill(`Graz${stamp}`);
  await page.getByRole('textbox', { name: texts.fields.email, exact: true }).fill(userEmail);
  await page.getByRole('textbox', { name: texts.fields.phone, exact: true }).fill('+43 664 1234567');
  await page.getByLabel(texts.send_invitation).check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(texts.created)).toBeVisible();
  await waitForMailAbout(userEmail, catalogues.de.mail_invitation_subject);
  expect(await userByEmail(userEmail)).toMatchObject({ time_zone: 'Europe/Vienna', language: 'de' });
  await expectNoRawKeys(page);
});
