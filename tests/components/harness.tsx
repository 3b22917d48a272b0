import type { ReactNode } from 'react';
import { AdminContext, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { expect, vi } from 'vitest';
import type { Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { SchemaProfile } from '../../src/api/schema';
import type { AtriumDataProvider } from '../../src/web/providers/data';
import { en as english } from '../../src/web/i18n/en';
import { theme } from '../../src/web/layout/theme';

/**
 * The English interface: react-admin's texts and every area's (the app's own i18nProvider also asks
 * the server and the browser which language to show; a test wants one). One per render: a language a
 * test switches to stays with its provider.
 */
const englishI18n = () =>
  polyglotI18nProvider(
    () => ({ ...englishMessages, ...english, ra: { ...englishMessages.ra, ...english.ra } }),
    'en',
    [],
    { allowMissing: true },
  );

const ok = () => Promise.resolve();

/** The custom methods a test gives (vi.fn()s); a screen calling any other fails on its missing function. */
type Methods = Partial<AtriumDataProvider>;

/**
 * Renders `ui` as the app does (react-admin's <AdminContext>: router, query client, store, forms, translations, the app's theme)
 * with `methods` as the data provider (and `authProvider` when the screen signs in or asks who is
 * signed in): a component test mocks the providers at their public interface, so it needs no server.
 */
export function renderWithAdmin(ui: ReactNode, methods: Methods = {}, authProvider?: Partial<AuthProvider>) {
  return render(
    <AdminContext
      dataProvider={methods as unknown as DataProvider}
      i18nProvider={englishI18n()}
      theme={theme}
      // Each render's own store: react-admin's default keeps it (the language picked, a list's filters) in
      // localStorage, for the file's next tests.
      store={memoryStore()}
      authProvider={authProvider && { checkAuth: ok, checkError: ok, logout: ok, login: ok, ...authProvider }}
    >
      {ui}
    </AdminContext>,
  );
}

/** The English catalogue, for the texts a test looks for. */
export const en = english.atrium;

/** A signed-in member's profile (English, Berlin), with `changes` on top. */
export const profileOf = (changes: Partial<SchemaProfile> = {}): SchemaProfile => ({
  id: 7,
  email: 'anna@example.com',
  phone: '',
  first_name: 'Anna',
  last_name: 'Berg',
  city: 'Berlin',
  country: 'DE',
  date_birth: '1990-05-24',
  time_zone: 'Europe/Berlin',
  language: 'en',
  role: 'member',
  is_superuser: false,
  is_active: true,
  email_activation: true,
  ...changes,
});

/**
 * Clicks a radio or a switch and says whether it is checked once React has drawn the click's own updates (a
 * microtask later): a state that comes later (a mutation's pending state) has not arrived yet.
 */
export async function checkedAfterClick(input: HTMLInputElement) {
  input.click();
  await new Promise<void>((resolve) => {
    queueMicrotask(resolve);
  });
  return input.checked;
}

/**
 * Clicks `target` once the page has stopped moving: every finite CSS transition and animation has run out,
 * as the E2E's clickWhenStill (tests/e2e/support/motion.ts). An option of a MUI menu still growing in can
 * take a click's mousedown and lose its mouseup on a loaded host: nothing is chosen, the list stays open
 * over the form, and the next click waits on it (CI: import-mapping's Start, until the test's time-out).
 */
export async function clickWhenStill(target: Locator) {
  await expect.element(target).toBeVisible();
  // Each wait is bounded: a loaded page may draw no frame for a while.
  const atMost = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // A transition starts on the frame after its style changes.
  await Promise.race([
    new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    atMost(1_000),
  ]);
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), atMost(3_000)]);
  await target.click();
}

/**
 * vi.waitFor with the components' expect.element time-out (vitest.config.ts) instead of its 1 s: on CI's
 * loaded host a second click's navigation and question came later than that (profile-edit).
 */
export const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 10_000 });
