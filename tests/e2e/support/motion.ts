import type { Locator } from '@playwright/test';

/**
 * Waits until the element's finite CSS transitions and animations (its own and its descendants')
 * have run out. Playwright checks that a target stands still before it presses the mouse, but only
 * its first event is checked against the target: on a loaded host a menu still growing in can move
 * its item between mousedown and mouseup, the click lands on the list and nothing is chosen.
 */
export async function motionSettled(locator: Locator): Promise<void> {
  await locator.evaluate(async (el) => {
    // A transition starts on the frame after its style changes.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = el.getAnimations({ subtree: true }).filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}
