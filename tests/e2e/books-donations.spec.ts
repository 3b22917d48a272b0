import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { openFromMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { VIEWPORTS, test, type FreshUser } from './support/session';
import { rememberLanguage } from './support/language';

/**
 * A member buys a book from the menu through the sandbox checkout and reads it in the page; a
 * donation below the configured minimum is refused in the form; a card donation paid comes back
 * with a thank-you; one left unpaid can be resumed from the member's donations until the checkout's
 * time is over (the server's clock moved), then it is canceled.
 */

// Checkouts, a clock move and the reader on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

let anonymous: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  anonymous = await playwrightRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await anonymous.post('/__test__/clock', { data: { reset: true } });
  await anonymous.dispose();
});

// Each test's member: a fresh one in English.
test.use({ freshUserOptions: { lastName: 'Reader', language: 'en' } });

async function memberPage(member: FreshUser) {
  const page = await member.newPage({ viewport: { width: 1280, height: 800 } });
  // The interface in the member's language (English), as the app's own switch leaves it.
  await rememberLanguage(page, 'en');
  await page.reload();
  await expect(page.getByTestId('dashboard-donation')).toContainText('Donate');
  return page;
}

test('a bought book opens in the reader: from the menu, through the checkout, Read and Download', async ({
  freshUser,
}) => {
  const page = await memberPage(freshUser);
  await openFromMenu(page, 'Books');
  await expect(page).toHaveURL(/\/books$/);
  await page.getByTestId('book-card').filter({ hasText: 'The kind follow-up' }).click();
  await expect(page.getByRole('heading', { name: 'The kind follow-up', level: 1 })).toBeVisible();
  await expect(page.getByTestId('read-book')).toHaveCount(0);
  await page.getByTestId('buy-book').click();

  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\/sbx_/);
  await page.getByRole('button', { name: 'Pay 12.50 USD' }).click();
  // Back on the book's page: it is the member's now, to read here or to download.
  await expect(page).toHaveURL(/\/books\/\d+$/);
  await expect(page.getByTestId('read-book')).toBeVisible();
  await expect(page.getByTestId('buy-book')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/media\/pdfs\/.+\.pdf\?/);
  await page.getByTestId('read-book').click();
  await expect(page.getByTestId('pdf-reader').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('pdf-reader')).toContainText('pages: 1');
});

test('donations keep their rules: the minimum in the form, a thank-you after paying, an unpaid checkout resumable and then canceled', async ({
  freshUser,
}) => {
  const page = await memberPage(freshUser);
  const openDialog = async (amount: string) => {
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-donation').getByTestId('open-donation').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('donation-amount').fill(amount);
    await dialog.getByTestId('donation-method').click();
    await clickWhenStill(page.getByRole('option', { name: 'Card' }));
    return dialog;
  };

  // $2 with a $5 minimum: the amount field says so, nothing is sent.
  let dialog = await openDialog('2');
  await dialog.getByTestId('donation-submit').click();
  await expect(dialog.getByText('The smallest donation is $5.00.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Paid by card: back on the member's donations with a thank-you.
  await dialog.getByTestId('donation-amount').fill('6');
  await dialog.getByTestId('donation-submit').click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\/sbx_/);
  await page.getByRole('button', { name: 'Pay 6.00 USD' }).click();
  await expect(page).toHaveURL(/\/subscription\?donation=\d+#donations$/);
  await expect(page.getByTestId('donation-thanks')).toHaveText('Thank you for your donation!');
  await expect(page.getByTestId('my-donation').filter({ hasText: '$6.00' })).toContainText('Received');

  // Left unpaid: the donation waits for the card payment, with a link to pay it.
  dialog = await openDialog('7');
  await dialog.getByTestId('donation-submit').click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\/sbx_/);
  const checkout = page.url();
  await page.goto('/dashboard');
  await openFromMenu(page, 'Subscription');
  const unpaid = page.getByTestId('my-donation').filter({ hasText: '$7.00' });
  await expect(unpaid).toContainText('Awaiting card payment');
  await expect(unpaid.getByTestId('donation-pay')).toHaveAttribute('href', checkout);
  // On a narrow phone the state and the button go under the date instead of over it.
  await page.setViewportSize({ width: 360, height: 740 });
  const boxes = await unpaid.evaluate((row) => {
    const box = (el: Element | null) => el!.getBoundingClientRect();
    const text = box(row.querySelector('.MuiListItemText-root'));
    const actions = box(row.querySelector('[data-testid="my-donation-actions"]'));
    return {
      overlap: text.right > actions.left + 1 && text.bottom > actions.top + 1,
      within: actions.right <= row.getBoundingClientRect().right + 1,
    };
  });
  expect(boxes).toEqual({ overlap: false, within: true });
  await page.setViewportSize(VIEWPORTS.desktop);

  // The checkout's time (a day) passes: the job cancels it, the link is gone.
  const moved = await anonymous.post('/__test__/clock', { data: { advance_ms: 25 * 3600_000 } });
  expect(moved.ok()).toBeTruthy();
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('my-donations')).toBeVisible();
        return unpaid.textContent();
      },
      { timeout: 30_000 },
    )
    .toContain('Canceled');
  await expect(unpaid.getByTestId('donation-pay')).toHaveCount(0);
  await anonymous.post('/__test__/clock', { data: { reset: true } });
});
