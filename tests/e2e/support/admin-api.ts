import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from './session';

/** An API context logged in as the demo admin, for setting up what a spec needs. */
export function adminApiContext(baseURL: string | undefined): Promise<APIRequestContext> {
  return apiAs(baseURL, 'admin@demo.atrium');
}

/** No untranslated catalogue key (ours or react-admin's) is on the page. */
export async function expectNoRawKeys(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text).not.toContain('atrium.');
  expect(text).not.toMatch(/\bra\.[a-z_]+\.[a-z_]+/);
}
