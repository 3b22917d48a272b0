import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { linkIn, waitForMail } from './support/mail';
import { openFromUserMenu } from './support/menu';
import { VIEWPORTS, test } from './support/session';
import { saveShot } from './support/screens';
import { startInLanguage } from './support/language';

/**
 * The Accounts issue's remaining flows against the real server and SMTP peer: registration with an
 * inviter's promo code, what a password reset ends, link expiry on the server's clock, the error
 * catalogue (401, 500), the per-account login limit, and the public screens in every language.
 */

async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/accounts/login/', { form: { username, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { token: string; user: { id: number; promo_code: string } };
}

const bearer = (token: string) => ({ Authorization: `JWT ${token}` });

async function uiLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

async function newMember(request: APIRequestContext, tag: string, password: string) {
  const admin = await apiLogin(request, 'admin@demo.atrium', 'demo-password');
  const email = `${tag}.${Date.now()}@e2e.example`;
  const res = await request.post('/api/v1/users/', {
    headers: bearer(admin.token),
    data: { email, first_name: 'Rita', last_name: 'Reset', role: 'member', password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, id: ((await res.json()) as { id: number }).id };
}

test('registering with an inviter promo code: activation mail, /email-required, then the inviter is the referrer', async ({
  page,
  request,
}) => {
  const inviter = await apiLogin(request, 'member@demo.atrium', 'demo-password');
  const email = `invited.${Date.now()}@e2e.example`;
  await page.goto(`/register/${inviter.user.promo_code}`);
  await expect(page.getByLabel('Промокод')).toHaveValue(inviter.user.promo_code);
  await page.getByLabel('Имя').fill('Ivan');
  await page.getByLabel('Фамилия').fill('Novikova');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль').fill('invited-password');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/email-required$/);

  // Before activation the login leads back to /email-required and nobody is logged in.
  await uiLogin(page, email, 'invited-password');
  await expect(page).toHaveURL(/\/email-required$/);
  expect(await page.evaluate(() => localStorage.getItem('atrium:token'))).toBeNull();

  await page.goto(linkIn(await waitForMail(email, 1), '/email-required'));
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await apiLogin(request, email, 'invited-password');
  const profile = await (await request.get('/api/accounts/me/', { headers: bearer(me.token) })).json();
  expect(profile.referrer?.id).toBe(inviter.user.id);
});

test('a password reset ends the other sessions and the old password', async ({ page, request }) => {
  const user = await newMember(request, 'recover', 'old-password-1');
  const other = await apiLogin(request, user.email, 'old-password-1');

  await page.goto('/recover-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await page.goto(linkIn(await waitForMail(user.email, 1), '/password-reset/'));
  await page.getByLabel(/^Новый пароль/).fill('new-password-2');
  await page.getByLabel('Повторите новый пароль').fill('new-password-2');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page).toHaveURL(/\/login$/);

  expect((await request.get('/api/accounts/me/', { headers: bearer(other.token) })).status()).toBe(401);
  const old = await request.post('/api/accounts/login/', {
    form: { username: user.email, password: 'old-password-1' },
  });
  expect(old.status()).toBe(400);
  await uiLogin(page, user.email, 'new-password-2');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reset-credentials link has expired an hour later (server clock moved forward)', async ({ page, request }) => {
  const user = await newMember(request, 'expiry', 'expiry-password-1');
  const consultantOrAdmin = await apiLogin(request, 'admin@demo.atrium', 'demo-password');
  const res = await request.get(`/api/accounts/user/reset_credentials/?user_id=${user.id}`, {
    headers: bearer(consultantOrAdmin.token),
  });
  const path = new URL(((await res.json()) as { link: string }).link).pathname;
  await page.goto(path);
  await expect(page.getByTestId('current-credentials')).toContainText(user.email);

  const moved = await request.post('/__test__/clock', { data: { advance_ms: 61 * 60_000 } });
  expect(moved.ok()).toBeTruthy();
  try {
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText('Срок действия ссылки истёк');
  } finally {
    // Later tests (two-factor codes) need the real time again.
    await request.post('/__test__/clock', { data: { reset: true } });
  }
});

test('error catalogue: a 401 from any call logs out with "Logged out"; a 500 says "Server error"', async ({
  page,
  request,
}) => {
  const user = await newMember(request, 'errors', 'errors-password-1');
  await uiLogin(page, user.email, 'errors-password-1');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A 500 from the server on saving the profile.
  await page.route('**/api/accounts/me/', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom","code":"server_error"}' })
      : route.continue(),
  );
  await openFromUserMenu(page, catalogues.ru.menu_profile_edit);
  await page.locator('input[name="city"]').fill('Köln');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Ошибка сервера')).toBeVisible();
  await page.unroute('**/api/accounts/me/');

  // The session ends on the server (as when an admin blocks the user): the next call is a 401.
  const token = await page.evaluate(() => localStorage.getItem('atrium:token'));
  expect((await request.post('/api/accounts/logout/', { headers: bearer(token!) })).ok()).toBeTruthy();
  // The profile from the user menu; leaving the unsaved form asks first, and the person agrees.
  page.once('dialog', (d) => void d.accept());
  await openFromUserMenu(page, catalogues.ru.menu_profile);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Вы вышли')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('atrium:token'))).toBeNull();
});

test('after 5 wrong logins for one account an address waits (429) while other accounts still log in', async ({
  request,
}) => {
  const user = await newMember(request, 'limit', 'limit-password-1');
  const statuses: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const res = await request.post('/api/accounts/login/', { form: { username: user.email, password: `wrong-${i}` } });
    statuses.push(res.status());
  }
  expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
  expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  const limited = await request.post('/api/accounts/login/', {
    form: { username: user.email, password: 'limit-password-1' },
    headers: { 'Accept-Language': 'en' },
  });
  expect(limited.status()).toBe(429);
  expect(((await limited.json()) as { code: string }).code).toBe('throttled');
  // Another account behind the same address is not affected.
  await apiLogin(request, 'consultant@demo.atrium', 'demo-password');
});

for (const lang of ['ru', 'en', 'de'] as const) {
  test(`login and registration screens in ${lang}, phone and desktop`, async ({ ownPage: page }) => {
    await startInLanguage(page, lang);
    for (const [device, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      for (const [name, path] of [
        ['login', '/login'],
        ['register', '/register'],
        ['recover-password', '/recover-password'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('input[name="password"], input[name="email"]').first()).toBeVisible();
        const text = await page.evaluate(() => document.body.innerText);
        expect(text, `${name} ${lang}`).not.toContain('atrium.');
        await saveShot(page, `${name}-${lang}-${device}`);
      }
    }
  });
}
