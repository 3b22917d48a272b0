import type { TranslationMessages } from 'ra-core';
import { LOCALE_KEY, storage } from '../../api/client';

/**
 * The language the app starts in and react-admin's messages per language: what both the app (i18nProvider.ts)
 * and the early loader of the starting language's messages (preloadLanguage.ts) need, and nothing more, so
 * that the loader runs long before the app's own scripts have arrived.
 */

export const LOCALES = ['ru', 'en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

const isLocale = (value: string | null | undefined): value is Locale =>
  (LOCALES as readonly string[]).includes(value ?? '');

/**
 * The language to start in: the one a link names (`?lang=`, which mails and shared links carry: their
 * reader's account's), else the one picked in this browser, else the browser's own, else Russian.
 * A link's language is remembered as this browser's choice; the browser's own is not, so that a login
 * where nothing was picked still shows the account's language.
 */
let starting: Locale | undefined;
export function initialLocale(): Locale {
  // Read once: the shell, the translator and the server-language store all ask at start-up.
  starting ??= startingLocale();
  return starting;
}

function startingLocale(): Locale {
  const params = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search);
  const fromLink = params?.get('lang');
  if (params && isLocale(fromLink)) {
    rememberLocale(fromLink);
    // Once: taken as this browser's choice, the link's language leaves the address, so that a language
    // picked on the page afterwards outlives a reload.
    params.delete('lang');
    const query = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
    );
    return fromLink;
  }
  return chosenLocale() ?? browserLocale() ?? 'ru';
}

/** The first of the browser's preferred languages that Atrium speaks. */
function browserLocale(): Locale | null {
  if (typeof navigator === 'undefined') return null;
  for (const tag of navigator.languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/**
 * Remembers the choice so the API answers in the same language, also after a reload. The page's own
 * `<html lang>` follows only once the language is shown (App.tsx's DocumentLanguage): a pick comes
 * before its messages have loaded.
 */
export function rememberLocale(locale: string) {
  storage()?.setItem(LOCALE_KEY, locale);
}

/** The language picked in this browser (on a public screen or in the app), or null if none was ever picked. */
export function chosenLocale(): Locale | null {
  const saved = storage()?.getItem(LOCALE_KEY);
  return isLocale(saved) ? saved : null;
}

/**
 * Each language's messages for the public screens in a chunk of its own (react-admin's, the shell's and the
 * auth area's; vite.config.ts builds the modules): the first screen loads only the language it starts in,
 * the others come with a switch. Each is complete (ra-language-russian lacks only the unused guesser's
 * texts; tests/unit check the areas), so none needs another under it.
 */
const PUBLIC_MESSAGES: Record<Locale, () => Promise<{ messages: TranslationMessages }>> = {
  ru: () => import('virtual:atrium-public-messages/ru'),
  en: () => import('virtual:atrium-public-messages/en'),
  de: () => import('virtual:atrium-public-messages/de'),
};

const loading: Partial<Record<Locale, Promise<TranslationMessages>>> = {};
/** The language's public messages, loaded once. */
export function languageMessages(locale: Locale): Promise<TranslationMessages> {
  loading[locale] ??= PUBLIC_MESSAGES[locale]().then((module) => module.messages);
  return loading[locale];
}

/**
 * Each language's messages for the signed-in app, every area's, in a chunk of its own (vite.config.ts
 * builds the modules, without what the public messages hold): the app loads the language it shows, another
 * one's with a switch (i18nProvider.ts).
 */
const APP_MESSAGES: Record<Locale, () => Promise<{ messages: object }>> = {
  ru: () => import('virtual:atrium-app-messages/ru'),
  en: () => import('virtual:atrium-app-messages/en'),
  de: () => import('virtual:atrium-app-messages/de'),
};

const appLoading = new Map<Locale, Promise<object>>();
/** The language's messages of the signed-in app, loaded once. */
export function appLanguageMessages(locale: Locale): Promise<object> {
  let loading = appLoading.get(locale);
  if (!loading) {
    // Not kept when it failed (a switch of language while offline): the next switch asks again.
    loading = APP_MESSAGES[locale]().then(
      (module) => module.messages,
      (error: unknown) => {
        appLoading.delete(locale);
        throw error;
      },
    );
    appLoading.set(locale, loading);
  }
  return loading;
}
