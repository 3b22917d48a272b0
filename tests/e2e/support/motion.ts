import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks `target` once the page has stopped moving: every finite CSS transition and animation has
 * run out. Playwright checks only the first mouse event of a click against its target, so on a
 * loaded host an item of a menu still growing in (MUI's Menu and Select) can take the mousedown and
 * lose the mouseup: the click lands on the list and nothing is chosen.
 */
export async function clickWhenStill(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await target.page().evaluate(async () => {
    // A transition starts on the frame after its style changes.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  await target.click();
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
