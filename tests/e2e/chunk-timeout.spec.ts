import { expect, test } from '@playwright/test';
import { startInLanguage } from './support/language';

/**
 * The seed's chunk-load time-out (spec, section 9): a screen whose script does not arrive within 120 s
 * says so, translated, with "Reload" (common/lazyScreen.tsx). The browser's clock is moved, not waited.
 */

test('a screen whose script never arrives shows the message and Reload after 120 s', async ({ page }) => {
  await page.clock.install();
  // The registration screen's script is asked for and never answered.
  let held = true;
  await page.route(/\/assets\/RegisterPage-[^/]*\.js$/, async (route) => {
    if (!held) await route.continue();
    // Otherwise left unanswered: the request stays pending.
  });
  await page.goto('/register');
  await expect(page.getByRole('status')).toBeVisible();

  // Not before the time-out (the installed clock also runs on by itself: 20 s of margin for a slow check)…
  await page.clock.runFor(100_000);
  await expect(page.getByTestId('chunk-failed')).toHaveCount(0);
  await expect(page.getByRole('status')).toBeVisible();
  // …and then, in the interface language.
  await page.clock.runFor(21_000);
  const failed = page.getByTestId('chunk-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Не удалось загрузить страницу');

  // Reload gets the screen once its script arrives.
  held = false;
  await failed.getByRole('button', { name: 'Перезагрузить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
});

test('in English when English is the interface language', async ({ page }) => {
  await startInLanguage(page, 'en');
  await page.clock.install();
  await page.route(/\/assets\/RecoverPasswordPage-[^/]*\.js$/, () => undefined);
  await page.goto('/recover-password');
  // The screen's time-out starts when its first render shows the loading block, once the English messages
  // are in; its script is asked for earlier, at start-up (main.tsx), so that request is no sign of the timer.
  await expect(page.getByRole('status')).toBeVisible();
  await page.clock.runFor(121_000);
  const failed = page.getByTestId('chunk-failed');
  await expect(failed).toContainText('The page could not be loaded');
  await expect(failed.getByRole('button', { name: 'Reload' })).toBeVisible();
});
