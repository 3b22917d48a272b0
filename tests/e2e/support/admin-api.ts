import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';

/** An API context logged in as the demo admin, for setting up what a spec needs. */
export async function adminApiContext(baseURL: string | undefined): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const res = await anonymous.post('/api/accounts/login/', {
    form: { username: 'admin@demo.atrium', password: 'demo-password' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `JWT ${token}` } });
}

/** No untranslated catalogue key (ours or react-admin's) is on the page. */
export async function expectNoRawKeys(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text).not.toContain('atrium.');
  expect(text).not.toMatch(/\bra\.[a-z_]+\.[a-z_]+/);
}
