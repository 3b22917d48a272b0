import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { keptPage, test, type FreshUser } from './support/session';
import { generate } from 'otplib';
import { waitForMail } from './support/mail';
import { openFromMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { catalogues } from '../../src/server/i18n';
import { contacts as contactTexts } from '../../src/web/features/contacts/i18n';
import { team } from '../../src/web/features/team/i18n';

/**
 * What a member finds around the profile and the team (issue 28, items 6 and 7), each from the menu:
 * a chosen photo is kept by the form's Save; 2FA backup codes log in once and switch 2FA off; a visitor of the member's
 * landing shows up in their bell and Contacts (and gets a mail, and, the second
 * time); the team page copies the invite link; the admin's footer links are under the pages.
 */

const stamp = Date.now().toString(36);
let admin: APIRequestContext;

test.beforeAll(({ adminApi }) => {
  admin = adminApi;
});

// Each test's member: a new active one with a Russian interface.
test.use({ freshUserOptions: { firstName: 'Mira', language: 'ru', timeZone: 'Europe/Berlin' } });

/** Through the login screen: the backup codes' test is about what it asks. */
async function logIn(page: Page, user: FreshUser) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

async function openUserMenu(page: Page) {
  await page
    .locator('.RaUserMenu-userButton')
    .or(page.getByRole('button', { name: /Профиль|Profile|Profil/ }))
    .first()
    .click();
}

async function logOut(page: Page) {
  await openUserMenu(page);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The profile from the user menu, then one of its tabs. */
async function openProfileTab(page: Page, tab: 'Изменить' | 'Настройки') {
  await openUserMenu(page);
  await clickWhenStill(page.getByRole('menuitem', { name: 'Профиль', exact: true }));
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

test('a photo chosen in the profile is saved by the form’s Save and shown after a reload', async ({
  page,
  freshUser,
}) => {
  await freshUser.signIn(page);
  await openProfileTab(page, 'Изменить');
  await expect(page.locator('input[name="first_name"]')).toBeVisible();

  await page.locator('input[type="file"][name="avatar"]').setInputFiles('src/web/public/apple-touch-icon.png');
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^blob:/);
  await page.locator('input[name="city"]').fill('Leipzig');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Профиль успешно обновлён').first()).toBeVisible();
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^\/media\//);

  await page.reload();
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^\/media\//);
  await expect(page.locator('header img[src^="/media/"]')).toBeVisible();
  await expect(page.locator('input[name="city"]')).toHaveValue('Leipzig');
});

test('2FA shows ten backup codes once; one logs in once and is refused the second time; another switches 2FA off', async ({
  page,
  freshUser,
}) => {
  // Three logins and the setup: more than the default on a busy machine.
  test.setTimeout(180_000);
  await logIn(page, freshUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openProfileTab(page, 'Настройки');
  await page.getByLabel('Текущий пароль').fill(freshUser.password);
  await page.getByRole('button', { name: 'Включить' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(/^Код/).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Включён');

  const box = page.getByTestId('backup-codes');
  await expect(box).toContainText('Резервные коды');
  const codes = (await box.locator('li').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await box.getByRole('button', { name: 'Я их сохранил' }).click();
  await expect(box).toBeHidden();
  await logOut(page);

  const loginCode = page.getByTestId('login-code');
  const confirm = page.getByRole('button', { name: /^(Подтвердить|Войти)$/ });
  await logIn(page, freshUser);
  await loginCode.fill(codes[0]!);
  await confirm.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOut(page);

  await logIn(page, freshUser);
  await loginCode.fill(codes[0]!);
  await confirm.click();
  await expect(page.getByText('Неверный код').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Without the phone, a backup code also switches it off (typed as a person may: capitals, no dash).
  await logIn(page, freshUser);
  await loginCode.fill(codes[1]!);
  await confirm.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openProfileTab(page, 'Настройки');
  await expect(page.getByText('Шесть цифр из приложения или резервный код')).toBeVisible();
  await page.getByLabel(/^Код/).fill(codes[2]!.replace('-', '').toUpperCase());
  await page.getByRole('button', { name: 'Выключить' }).click();
  await expect(page.getByText('Google Authenticator выключен')).toBeVisible();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Выключен');
});

test('a visitor of a landing shows up in the owner’s Contacts, gets a mail and is told the second time', async ({
  browser,
  freshUser: owner,
}) => {
  // Two sign-ups, two mails, Contacts at two widths: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const ownerApi = await owner.api();
  const landing = `extras-${stamp}`;
  const flow = await ownerApi.post('/api/user_flows/', {
    data: { name: 'Frühlingskurs', landing_name: landing, is_published: true },
  });
  expect(flow.status(), await flow.text()).toBe(201);
  const { id } = (await flow.json()) as { id: number };
  const form = await ownerApi.post(`/api/user_flows/landing_edit/${String(id)}/`, {
    data: {
      type: 'lead_form',
      order: 1000,
      content: {
        title: 'Join us',
        fields: [
          { name: 'first_name', required: true },
          { name: 'email', required: true },
        ],
        button_label: 'Join',
        success_message: 'Welcome aboard!',
      },
    },
  });
  expect(form.status(), await form.text()).toBe(201);

  // A German visitor signs up, then tries again with the same email.
  const visitorEmail = `visitor-${stamp}@e2e.example`;
  const pub = await keptPage(browser, { locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de' } });
  await pub.goto(`/l/${landing}`);
  await pub.locator('#f-first_name').fill(`Vita${stamp}`);
  await pub.locator('#f-email').fill(visitorEmail);
  await pub.getByRole('button', { name: 'Join' }).click();
  await expect(pub.getByRole('status')).toHaveText('Welcome aboard!');
  const mail = await waitForMail(visitorEmail);
  expect(mail.subject).toBe(catalogues.de.mail_landing_signup_subject);
  expect(mail.text).toContain(`/l/${landing}`);

  await pub.goto(`/l/${landing}`);
  await pub.locator('#f-first_name').fill(`Vita${stamp}`);
  await pub.locator('#f-email').fill(visitorEmail);
  // Nobody learns from the page whether an address has an account: the field's check, as the visitor
  // leaves it, finds nothing wrong (and moves no button: a click on it would be lost), and sending
  // thanks her as the first time; she is told by mail instead, in her account's language.
  const join = pub.getByRole('button', { name: 'Join' });
  const before = await join.boundingBox();
  const checked = pub.waitForResponse((r) => r.url().includes('/api/landings/validate_email/'));
  await pub.locator('#f-email').blur();
  expect((await checked).status()).toBe(200);
  await expect(pub.locator('#e-email')).toHaveText('');
  expect(await join.boundingBox()).toEqual(before);
  await join.click();
  await expect(pub.getByRole('status')).toHaveText('Welcome aboard!');
  const told = await waitForMail(visitorEmail, 2);
  expect(told.subject).toBe(catalogues.de.mail_signup_attempt_subject);

  // The owner finds the visitor in Contacts, from the menu.
  const page = await owner.newPage();
  // The bell tells the owner of the lead.
  const notice = catalogues.ru.notification_landing_lead
    .replace('{landing}', 'Frühlingskurs')
    .replace('{name}', `Vita${stamp}`);
  await expect(page.getByTestId('notifications-badge')).toContainText('1');
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByTestId('notifications-menu').getByText(notice)).toBeVisible();
  await page.keyboard.press('Escape');
  await openFromMenu(page, catalogues.ru.menu_contacts);
  const row = page.locator('tbody tr').filter({ hasText: `Vita${stamp}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(visitorEmail);
  // Where the lead came from: the funnel's name, under the categories.
  await expect(page.getByRole('columnheader', { name: contactTexts.ru.fields.categories_source })).toBeVisible();
  const categoriesCell = row.getByRole('cell').nth(4);
  await expect(categoriesCell).toContainText(catalogues.ru.contact_category_funnels);
  await expect(categoriesCell).toContainText('Frühlingskurs');
  // The category made for the owner, in their language, is there to filter by.
  await expect(page.getByText(catalogues.ru.contact_category_funnels).first()).toBeVisible();
  // On a phone, a line of the contact's card.
  await page.setViewportSize({ width: 390, height: 844 });
  // As a phone opens it (the desktop's open sidebar would otherwise become an open drawer over the list).
  await page.reload();
  const sourceLine = contactTexts.ru.source_line.replace('%{source}', 'Frühlingskurs');
  await expect(page.getByTestId('contact-source')).toHaveText(sourceLine);
  // And above the fields of the contact it opens.
  await page.getByTestId('contact-source').click();
  await expect(page.locator('input[name="first_name"]')).toHaveValue(`Vita${stamp}`);
  await expect(page.getByTestId('contact-form-source')).toHaveText(sourceLine);
});

test('the team page copies the invite link; the admin’s footer links are under the pages', async ({
  page,
  context,
  baseURL,
  freshUser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const title = `Hilfe ${stamp}`;
  const link = await admin.post('/api/admin/footer-links', { data: { title, url: '/news', order: 0 } });
  expect(link.status(), await link.text()).toBe(201);

  await freshUser.signIn(page);
  await openFromMenu(page, catalogues.ru.menu_team);
  const invite = page.getByTestId('team-invite-link');
  await expect(invite).toContainText('/register/');
  await page.getByRole('button', { name: 'Скопировать ссылку' }).click();
  await expect(page.getByText('Ссылка скопирована')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await invite.textContent());
  // Nobody in a new member's structure: the list says how to grow it, not that filters found nobody.
  await page.getByRole('tab', { name: team.ru.tabs.structure }).click();
  await expect(page.getByTestId('structure-empty')).toHaveText(team.ru.tree.empty);
  await page.getByRole('tab', { name: team.ru.tabs.tree }).click();

  const footer = page.getByRole('navigation', { name: 'Ссылки в подвале' });
  await footer.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/news$/);
});
