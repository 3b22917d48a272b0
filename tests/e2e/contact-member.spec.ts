import { expect, request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { contacts as texts } from '../../src/web/features/contacts/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { keptPage, test, VIEWPORTS } from './support/session';
import { saveShot } from './support/screens';
import { openFromMenu } from './support/menu';

/**
 * A contact who is a member of the caller's structure shows that member's donations and completed
 * tasks, as the person page does (#40 item 4): a member opens Contacts from the menu, clicks the
 * contact and sees both, keeps dated notes on it (#40 finding 17), then goes on to the member's page;
 * in ru, en and de, on a phone (390 px) and a desktop.
 */

const PASSWORD = 'contact-member-password-1';
const stamp = Date.now().toString(36);
type Lang = 'ru' | 'en' | 'de';
// react-admin's confirmation buttons (ra-language-*, ra-de.ts).
const CONFIRM = { ru: 'Подтвердить', en: 'Confirm', de: 'Bestätigen' } as const;
const CANCEL = { ru: 'Отмена', en: 'Cancel', de: 'Abbrechen' } as const;

let adminApi: APIRequestContext;

test.beforeAll(({ adminApi: api }) => {
  adminApi = api;
});

/**
 * A member speaking `language` with one contact, Tom: a newcomer who registered with the member's
 * promo code (so in their structure), with a donation and a completed call recorded by staff.
 */
async function memberWithMemberContact(baseURL: string, language: Lang) {
  const email = `cm-${language}-${stamp}@e2e.example`;
  const created = await adminApi.post('/api/v1/users/', {
    data: { email, first_name: 'Mira', last_name: 'Owner', role: 'member', language, password: PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const login = await anonymous.post('/api/accounts/login/', { form: { username: email, password: PASSWORD } });
  const { token, user } = (await login.json()) as { token: string; user: { promo_code: string } };
  const tomEmail = `tom-${language}-${stamp}@e2e.example`;
  const registered = await anonymous.post('/api/accounts/register/', {
    data: {
      email: tomEmail,
      password: PASSWORD,
      first_name: 'Tom',
      last_name: `Team${language}`,
      promo: user.promo_code,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await anonymous.dispose();
  const users = (await (await adminApi.get(`/api/v1/users/?search=${encodeURIComponent(tomEmail)}`)).json()) as
    Array<{ id: number }> | { results: Array<{ id: number }> };
  const tom = (Array.isArray(users) ? users : users.results)[0]!.id;
  const donation = await adminApi.post('/api/accounts/user/record_donation/', { data: { user_id: tom, amount: '12' } });
  expect(donation.status(), await donation.text()).toBeLessThan(300);
  const task = await adminApi.post('/api/user_tasks/create/', {
    data: { type: 'call', start_in: 'now', description: `Welcome call ${stamp}`, linked_user_id: tom },
  });
  expect(task.status(), await task.text()).toBe(201);
  const done = await adminApi.post('/api/user_tasks/update/', {
    data: { task_id: ((await task.json()) as { id: number }).id, action: 'complete', result: 'Happy to be here' },
  });
  expect(done.status(), await done.text()).toBe(200);
  const me = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `JWT ${token}` } });
  const contact = await me.post('/api/contacts/', {
    // The seed's single notes field, as its clients still write it.
    data: { first_name: 'Tom', last_name: `Team${language}`, email: tomEmail, notes: `Met at the fair ${language}` },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  await me.dispose();
  return { email, tom, tomName: `Tom Team${language}` };
}

async function seeMemberContact(
  browser: Browser,
  lang: Lang,
  who: { email: string; tom: number; tomName: string },
  width: keyof typeof VIEWPORTS,
) {
  const page = await keptPage(browser, { viewport: VIEWPORTS[width] });
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(who.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (width === 'phone') {
    const open = { en: 'Open menu', de: 'Menü öffnen', ru: 'Открыть меню' }[lang];
    await page.getByRole('button', { name: open }).click();
  }
  await openFromMenu(page, catalogues[lang].menu_contacts);
  await expect(page).toHaveURL(/\/contacts$/);
  await page.getByText(who.tomName).first().click();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);

  const member = page.getByTestId('contact-member');
  await expect(member.getByRole('heading', { name: texts[lang].member.title })).toBeVisible();
  await expect(member.getByRole('heading', { name: texts[lang].member.donations })).toBeVisible();
  await expect(member.getByTestId('person-donations').locator('tbody tr')).toHaveCount(1);
  await expect(member.getByText(`Welcome call ${stamp}`)).toBeVisible();

  // Dated notes (#40, finding 17): the seed's single field is the earliest entry; a note added on top
  // says who wrote it and when; deleting asks first (the phone run cancels, the desktop run deletes).
  const t = texts[lang].notes;
  const notes = page.getByRole('region', { name: t.title });
  const entries = notes.getByTestId('contact-note');
  // The phone run leaves its note for the desktop run.
  const before = width === 'phone' ? 1 : 2;
  await expect(entries).toHaveCount(before);
  await expect(entries.last()).toContainText(t.earlier);
  await expect(entries.last()).toContainText(`Met at the fair ${lang}`);
  await notes.getByRole('textbox', { name: t.new }).fill(`Call back on Monday (${width})`);
  await notes.getByRole('button', { name: t.add }).click();
  await expect(page.getByText(t.added)).toBeVisible();
  await expect(entries).toHaveCount(before + 1);
  await expect(entries.first()).toContainText(`Call back on Monday (${width})`);
  await expect(entries.first()).toContainText(/Mira Owner · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(notes.getByRole('textbox', { name: t.new })).toHaveValue('');
  await expectNoRawKeys(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[width].width);
  await entries.first().getByRole('button', { name: t.delete }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t.delete_title);
  await expect(dialog).toContainText(t.delete_content);
  if (width === 'phone') {
    await dialog.getByRole('button', { name: CANCEL[lang] }).click();
    await expect(dialog).toBeHidden();
    await expect(entries).toHaveCount(2);
  } else {
    await dialog.getByRole('button', { name: CONFIRM[lang] }).click();
    await expect(page.getByText(t.deleted)).toBeVisible();
    await expect(entries).toHaveCount(2);
    await expect(notes).not.toContainText(`Call back on Monday (desktop)`);
    // The phone run's note is still there, then the old field: delete both, the old one last.
    await entries.first().getByRole('button', { name: t.delete }).click();
    await dialog.getByRole('button', { name: CONFIRM[lang] }).click();
    await expect(entries).toHaveCount(1);
    await entries.first().getByRole('button', { name: t.delete }).click();
    await expect(dialog).toContainText(t.delete_title);
    await dialog.getByRole('button', { name: CONFIRM[lang] }).click();
    await expect(entries).toHaveCount(0);
    await expect(notes.getByText(t.empty)).toBeVisible();
  }
  await expectNoRawKeys(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[width].width);
  await saveShot(page, `contact-member-${lang}-${width}`);

  await member.getByRole('link', { name: texts[lang].member.open }).click();
  await expect(page).toHaveURL(new RegExp(`/user/view-details/${who.tom}$`));
  await expect(page.getByText(who.tomName).first()).toBeVisible();
}

for (const lang of ['ru', 'en', 'de'] as const)
  test(`a member contact shows the member's donations and tasks, from the menu, in ${lang}, phone and desktop`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const who = await memberWithMemberContact(baseURL!, lang);
    for (const width of ['phone', 'desktop'] as const) await seeMemberContact(browser, lang, who, width);
  });
