import type { BrowserContext, Page } from '@playwright/test';
import { LOCALE_KEY } from '../../../src/api/client';

/**
 * This browser's interface language, as the app's language switch leaves it (the app's key,
 * src/api/client.ts's LOCALE_KEY, and react-admin's own copy), for the next load of `page` (a goto or a
 * reload). The account's language, which the server answers in, is the caller's to set.
 */
export async function rememberLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate(
    ({ key, l }) => {
      localStorage.setItem(key, l);
      localStorage.setItem('RaStore.locale', JSON.stringify(l));
    },
    { key: LOCALE_KEY, l: lang },
  );
}

/** The same picked before every load of `target`'s pages, the first one included (an init script). */
export async function startInLanguage(target: Page | BrowserContext, lang: string): Promise<void> {
  await target.addInitScript(
    ({ key, l }) => {
      localStorage.setItem(key, l);
    },
    { key: LOCALE_KEY, l: lang },
  );
}
