import { expect, type Page } from '@playwright/test';

// The demo admin's API client for setting up what a spec needs is session.ts's `adminApi` fixture.

/** No untranslated catalogue key (ours or react-admin's) is on the page. */
export async function expectNoRawKeys(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text).not.toContain('atrium.');
  expect(text).not.toMatch(/\bra\.[a-z_]+\.[a-z_]+/);
}
