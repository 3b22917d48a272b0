import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks `target` once the page has stopped moving: every finite CSS transition and animation has
 * run out. Playwright checks only the first mouse event of a click against its target, so on a
 * loaded host an item of a menu still growing in (MUI's Menu and Select) can take the mousedown and
 * lose the mouseup: the click lands on the list and nothing is chosen.
 */
export async function clickWhenStill(target: Locator, options: { timeout?: number } = {}): Promise<void> {
  await expect(target).toBeVisible();
  await target.page().evaluate(async () => {
    // Each wait is bounded: a page that draws no frame for a while (seen on CI's loaded machine) never
    // runs a frame callback nor ends an animation, and a page.evaluate has no time-out of its own: the
    // test hung until its own time-out, naming no call (its kept page outlives the test).
    const atMost = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // A transition starts on the frame after its style changes.
    await Promise.race([
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      atMost(1_000),
    ]);
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), atMost(3_000)]);
  });
  await target.click(options);
}

/**
 * Runs `steps` with the page's CPU slowed `rate` times (Chromium's throttling, as on a slow phone), for
 * races that only a busy page loses; the page's speed is put back after, also when a step fails.
 */
export async function slowCpu(page: Page, steps: () => Promise<void>, rate = 6): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    await steps();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/**
 * Picks `tab` and waits until it is the selected one, clicking again if a click chose nothing: a bar of
 * tabs wider than the screen scrolls itself (by script, not a CSS animation) to the tab picked last,
 * and a click landing while it moves hits the tab that was under the pointer (CI: the person page's
 * "Timeline" picked while the bar still slid to "Contact details" stayed on the latter).
 */
export async function pickTab(tab: Locator): Promise<void> {
  await expect(async () => {
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
