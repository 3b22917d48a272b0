import { expect, type Page } from '@playwright/test';

/** Waits for the screen to settle: no spinner or skeleton, and the text unchanged for a moment. */
async function settle(page: Page) {
  const busy = page.locator('.MuiCircularProgress-indeterminate, .MuiSkeleton-root, .MuiLinearProgress-indeterminate');
  await expect(busy)
    .toHaveCount(0, { timeout: 3_000 })
    .catch(() => undefined);
  let before = '';
  for (let i = 0; i < 20; i++) {
    const now = await page.evaluate(() => document.body.innerText);
    if (now === before) return;
    before = now;
    await page.waitForTimeout(150);
  }
}

/**
 * Opens a screen inside the app, as a menu link does (the router follows history), and waits for it to
 * settle. No reload per screen: the scans that walk every screen stay short.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
  await settle(page);
}

/**
 * Saves a full-page screenshot to test-results/screenshots/<name>.png for a person to look at, only when
 * E2E_SHOTS=1 (a review walk): nothing compares them, so a test run does not spend time taking them.
 */
export async function saveShot(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== '1') return;
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
