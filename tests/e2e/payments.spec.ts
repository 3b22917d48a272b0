import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { payments } from '../../src/web/features/payments/i18n';
import { simplePdf } from './fixtures/files';
import { addressFilter, openFromMenu, openLesson } from './support/menu';
import { clickWhenStill } from './support/motion';
import { VIEWPORTS, signedInPage, test } from './support/session';
import { saveShot } from './support/screens';
import { rememberLanguage } from './support/language';

/**
 * Payments against the real server and the built-in sandbox checkout: a member buys a package, sees
 * it with its end date and in the history, opens a lesson it grants, turns auto-pay off, and loses
 * access when the period is over (the server's clock moved). A member donates manually with a PDF
 * check; staff approve one and reject another with a reason, which the member sees.
 */

const DAY = 86400_000;

/** The rows of the subscription history (a desktop's table). */
const historyRows = (page: Page) => page.getByTestId('subscription-history').locator('tbody tr');

// Whole journeys (a checkout, a clock move, two sign-ins) on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

let adminApi: APIRequestContext;
let anonymous: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  anonymous = await playwrightRequest.newContext({ baseURL });
  adminApi = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `JWT ${await tokenOf('admin@demo.atrium', 'demo-password')}` },
  });
});

test.afterAll(async () => {
  await anonymous.post('/__test__/clock', { data: { reset: true } });
  await adminApi.dispose();
  await anonymous.dispose();
});

async function tokenOf(email: string, password: string): Promise<string> {
  const res = await anonymous.post('/api/accounts/login/', { form: { username: email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/** A desktop browser signed in as `email`, on the dashboard (the login screen is foundation.spec's subject). */
const logIn = (browser: Browser, email: string, password: string) => signedInPage(browser, email, { password });

/** The interface language and the server's change together, as the app's own switch does. */
async function useLanguage(page: Page, lang: 'ru' | 'en' | 'de') {
  const token = await page.evaluate(() => localStorage.getItem('atrium:token'));
  const res = await page.request.post('/api/accounts/set_language/', {
    headers: { Authorization: `JWT ${token}` },
    data: { language: lang },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await rememberLanguage(page, lang);
}

async function shot(page: Page, name: string, viewport: keyof typeof VIEWPORTS = 'desktop') {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.waitForTimeout(300);
  await saveShot(page, `payments-${name}-${viewport}`);
}

async function expectNoRawKeys(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text).not.toContain('atrium.');
  expect(text).not.toMatch(/\bra\.[a-z_]+\.[a-z_]+/);
}

async function lessonLocked(token: string, lessonId: number): Promise<boolean> {
  const res = await anonymous.get(`/api/navigator/lesson/view/${lessonId}/`, {
    headers: { Authorization: `JWT ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access: { locked: boolean } }).access.locked;
}

test.describe(() => {
  test.use({ freshUserOptions: { firstName: 'Paula', lastName: 'Payer', language: 'en' } });
  test('a member buys a package through the sandbox checkout; access ends with the period when auto-pay is off', async ({
    freshUser,
  }) => {
    const token = await tokenOf(freshUser.email, freshUser.password);
    const lessons = await adminApi.get(
      `/api/admin/lessons?filter=${encodeURIComponent(JSON.stringify({ q: 'Planning a quarter' }))}`,
    );
    const lessonId = ((await lessons.json()) as Array<{ id: number }>)[0]!.id;
    expect(await lessonLocked(token, lessonId)).toBe(true);

    const page = await freshUser.newPage();
    await useLanguage(page, 'en');
    // The remembered language applies from a load: the page opened in Russian, before it was set.
    await page.reload();
    await openFromMenu(page, catalogues.en.menu_subscription);
    await expect(page.getByTestId('no-current-package')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
    await shot(page, 'catalogue-en');
    await shot(page, 'catalogue-en', 'phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    const card = page.locator('[data-testid^="package-"]').filter({ hasText: 'Pro' });
    await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Buy' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\/sbx_/);
    await expect(page.getByText('19.00 USD', { exact: true })).toBeVisible();
    await shot(page, 'sandbox-checkout');
    await page.getByRole('button', { name: 'Pay 19.00 USD' }).click();
    await expect(page).toHaveURL(/\/subscription$/);

    await expect(page.getByTestId('current-package-name')).toHaveText('Pro');
    await expect(page.getByTestId('current-package-end')).toContainText(/Active until \d{2}\/\d{2}\/\d{4}/);
    await expect(historyRows(page)).toHaveCount(1);
    await expect(historyRows(page)).toContainText('Active');
    await expect(page.getByTestId('auto-pay-switch').locator('input')).toBeChecked();
    await expectNoRawKeys(page);
    await shot(page, 'current-en');
    await shot(page, 'current-en', 'phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // A lesson of a granted category opens.
    expect(await lessonLocked(token, lessonId)).toBe(false);
    // Lessons from the menu, found by its search, then its card.
    await openLesson(page, 'en', 'Planning a quarter', lessonId);
    await expect(page.getByRole('heading', { name: 'Planning a quarter', level: 1 })).toBeVisible();
    await shot(page, 'lesson-open');

    // Auto-pay off, then the reloaded info says so.
    await openFromMenu(page, catalogues.en.menu_subscription);
    await page.getByTestId('auto-pay-switch').locator('input').uncheck();
    await expect(page.getByTestId('auto-pay-state')).toContainText('Auto-pay is off');
    await page.reload();
    await expect(page.getByTestId('auto-pay-switch').locator('input')).not.toBeChecked();

    // The period ends (the server's clock moves 32 days): the renewal job ends the package, access stops.
    const moved = await anonymous.post('/__test__/clock', { data: { advance_ms: 32 * DAY } });
    expect(moved.ok()).toBeTruthy();
    await expect.poll(() => lessonLocked(token, lessonId), { timeout: 20_000 }).toBe(true);
    await page.reload();
    await expect(page.getByTestId('no-current-package')).toBeVisible();
    await expect(historyRows(page)).toContainText('Ended');
    await shot(page, 'ended-en');
    await anonymous.post('/__test__/clock', { data: { reset: true } });
  });
});

async function donateManually(page: Page, amount: string, file: string) {
  await openFromMenu(page, catalogues.de.menu_dashboard);
  await page.getByTestId('dashboard-donation').getByTestId('open-donation').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('donation-amount').fill(amount);
  await dialog.getByTestId('donation-method').click();
  await clickWhenStill(page.getByRole('option', { name: 'Banküberweisung' }));
  await expect(dialog.getByText('IBAN')).toBeVisible();
  await dialog
    .getByTestId('donation-check')
    .setInputFiles({ name: file, mimeType: 'application/pdf', buffer: simplePdf(['Bank transfer', amount]) });
  await expect(dialog.getByText(file)).toBeVisible();
  return dialog;
}

test.describe(() => {
  test.use({ freshUserOptions: { firstName: 'Dora', lastName: 'Payer', language: 'de' } });
  test('manual donations with a PDF check: staff approve one (receipt, totals) and reject another with a reason', async ({
    browser,
    freshUser,
  }) => {
    const { email } = freshUser;
    const member = await freshUser.newPage();
    await useLanguage(member, 'de');
    // The language remembered above is the one the app starts in: it applies from the next load.
    await member.reload();

    // Nothing sent without the amount: the field says so.
    await member.getByTestId('dashboard-donation').getByTestId('open-donation').click();
    await member.getByRole('dialog').getByTestId('donation-submit').click();
    await expect(member.getByRole('dialog').getByText('Bitte füllen Sie dieses Feld aus').first()).toBeVisible();
    await member.keyboard.press('Escape');

    let dialog = await donateManually(member, '15.00', 'beleg.pdf');
    await member.setViewportSize(VIEWPORTS.phone);
    await saveShot(member, `payments-donation-dialog-de-phone`);
    await member.setViewportSize(VIEWPORTS.desktop);
    await dialog.getByTestId('donation-submit').click();
    await expect(member.getByText('Danke! Ihre Spende wartet auf die Bestätigung durch unser Team.')).toBeVisible();

    dialog = await donateManually(member, '7.50', 'zweiter.pdf');
    await dialog.getByTestId('donation-submit').click();
    await expect(dialog).toBeHidden();

    // The dashboard's donation box links to the member's donations.
    await member.getByTestId('dashboard-donation').getByRole('link').click();
    await expect(member).toHaveURL(/\/subscription#donations$/);
    await expect(member.getByTestId('my-donation')).toHaveCount(2);
    await expect(member.getByTestId('my-donation').first()).toContainText('Wartet auf Bestätigung');
    await expectNoRawKeys(member);
    await shot(member, 'my-donations-de');

    // Staff (the admin, in Russian) review them.
    const staff = await logIn(browser, 'admin@demo.atrium', 'demo-password');
    await openFromMenu(staff, catalogues.ru.menu_staff_payments);
    await expect(staff.getByRole('columnheader', { name: 'Сумма, USD' })).toBeVisible();
    const rows = staff.locator('tbody tr').filter({ hasText: 'Dora' });
    await expect(rows).toHaveCount(2);
    await shot(staff, 'staff-list-ru');
    await shot(staff, 'staff-list-ru', 'phone');
    await staff.setViewportSize(VIEWPORTS.desktop);

    await rows.filter({ hasText: '15,00 $' }).click();
    await expect(staff.getByTestId('open-check')).toBeVisible();
    await shot(staff, 'staff-show-ru');
    await staff.getByTestId('approve-payment').click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect(staff.getByTestId('payment-state')).toHaveText('Оплачен');
    await expect(staff.getByTestId('approve-payment')).toBeHidden();

    await openFromMenu(staff, catalogues.ru.menu_staff_payments);
    // The state tabs filter the list: under "Needs approval" only the transfer still waiting is left.
    await staff.getByRole('tab', { name: /^Ждёт подтверждения \(\d+\)$/i }).click();
    await expect(staff.locator('tbody tr').filter({ hasText: 'Dora' })).toHaveCount(1);
    await shot(staff, 'staff-list-pending-ru');
    await staff
      .locator('tbody tr')
      .filter({ hasText: 'Dora' })
      .filter({ hasText: 'Ждёт подтверждения' })
      .first()
      .click();
    await staff.getByTestId('reject-payment').click();
    await staff.getByTestId('reject-reason').fill('Der Beleg ist unleserlich');
    await staff.getByTestId('confirm-reject').click();
    await expect(staff.getByTestId('payment-state')).toHaveText('Отклонён / отменён');

    // A state tab and the kind at once, both orders, from the menu: the last action wins (the tabs are a
    // field of the kind's filter form; before, the kind's submit merged the filters as last rendered and
    // dropped a tab picked just after it). Read from the address, which holds the list's filter.
    await openFromMenu(staff, catalogues.ru.menu_staff_payments);
    const pl = payments.ru.staff;
    const stateTab = (state: keyof typeof pl.states) => staff.getByTestId(`tab-${state}`);
    const pickKind = async (kind: keyof typeof pl.kinds) => {
      await staff.getByRole('combobox', { name: pl.fields.kind }).click();
      await clickWhenStill(staff.getByRole('option', { name: pl.kinds[kind], exact: true }));
    };
    await pickKind('donation');
    await stateTab('paid').click();
    await expect.poll(() => addressFilter(staff)).toEqual({ kind: 'donation', state: 'paid' });
    await expect(stateTab('paid')).toHaveAttribute('aria-selected', 'true');
    await expect(staff.locator('tbody tr').filter({ hasText: 'Dora' })).toHaveCount(1);
    await stateTab('canceled').click();
    await pickKind('subscription');
    await expect.poll(() => addressFilter(staff)).toEqual({ kind: 'subscription', state: 'canceled' });
    await expect(stateTab('canceled')).toHaveAttribute('aria-selected', 'true');

    // The member sees both outcomes; the approved one counts in their donations as staff see them.
    await member.reload();
    await expect(member.getByTestId('my-donation').filter({ hasText: 'Erhalten' })).toHaveCount(1);
    await expect(member.getByTestId('my-donation').filter({ hasText: 'Grund: Der Beleg ist unleserlich' })).toHaveCount(
      1,
    );
    await shot(member, 'my-donations-decided-de');
    await shot(member, 'my-donations-decided-de', 'phone');

    const users = await adminApi.get(`/api/v1/users/?search=${encodeURIComponent(email)}`);
    const userId = ((await users.json()) as { results: Array<{ id: number }> }).results[0]!.id;
    const donations = await adminApi.post('/api/team/contact/get_donations/', { data: { user_id: userId } });
    expect(donations.ok()).toBeTruthy();
    const page = (await donations.json()) as { results: Array<{ amount: string; status: string }> };
    expect(page.results.map((d) => [d.amount, d.status]).sort()).toEqual([
      ['15.00', 'paid'],
      ['7.50', 'canceled'],
    ]);
    // The approved one (only) counts in the team's donation totals of the structure list.
    const structure = await adminApi.post(`/api/team/get_my_structure_users/?search=${encodeURIComponent(email)}`, {
      data: {},
    });
    expect(structure.ok(), await structure.text()).toBeTruthy();
    expect(await structure.json()).toMatchObject({
      total_donations_current: '15.00',
      results: [{ id: userId, donations_current: '15.00' }],
    });
  });
});
