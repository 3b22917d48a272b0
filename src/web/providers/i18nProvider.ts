import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import type { TranslationMessages } from 'ra-core';
import { auth } from '../features/auth/i18n';
import { core } from '../i18n/core';
import { raGerman } from '../i18n/ra-de';
import { accountsMethods, getToken, LOCALE_KEY, storage } from '../features/auth/data';

export const LOCALES = ['ru', 'en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

type Tree = { [k: string]: string | Tree };
function merge(...layers: object[]): TranslationMessages {
  const out: Tree = {};
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer as Tree)) {
      const prev = out[k];
      out[k] = typeof v === 'object' && typeof prev === 'object' ? (merge(prev, v) as unknown as Tree) : v;
    }
  }
  return out as unknown as TranslationMessages;
}

/**
 * The app's own messages per language. Until the signed-in app is loaded only the public screens'
 * part is here (the shell and features/auth/i18n.ts), so the login screen does not download every area's
 * texts in three languages; loadAppMessages() brings the rest (i18n/<lang>.ts) with the app.
 */
let own: Record<Locale, object> = {
  ru: { atrium: { ...core.ru, auth: auth.ru } },
  en: { atrium: { ...core.en, auth: auth.en } },
  de: { atrium: { ...core.de, auth: auth.de } },
};

// Russian is complete and the fallback: every language lies over it, so a missing key shows Russian.
function messagesFor(locale: Locale): TranslationMessages {
  const russian = merge(englishMessages, russianMessages, own.ru);
  if (locale === 'en') return merge(russian, englishMessages, own.en);
  if (locale === 'de') return merge(russian, raGerman, own.de);
  return russian;
}

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

const asLocale = (locale: string): Locale =>
  (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'ru';

const polyglot = polyglotI18nProvider(
  (locale) => messagesFor(asLocale(locale)),
  initialLocale(),
  LOCALES.map((locale) => ({ locale, name: core.ru.languages[locale] })),
  { allowMissing: true },
);

let appMessages: Promise<void> | null = null;

/**
 * Loads every area's messages (once) and gives them to the translator in the current language.
 * The signed-in app awaits it before its first render, so no screen shows a raw key.
 */
export function loadAppMessages(): Promise<void> {
  appMessages ??= import('../i18n/catalogues').then(async ({ catalogues }) => {
    own = catalogues;
    // The same language again: polyglot rebuilds its phrases from messagesFor (React needs no update,
    // nothing has rendered these keys yet).
    await polyglot.changeLocale(polyglot.getLocale());
  });
  return appMessages;
}

/** Remembers the choice so the API answers in the same language, also after a reload. */
export function rememberLocale(locale: string) {
  storage()?.setItem(LOCALE_KEY, locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The language picked in this browser (on a public screen or in the app), or null if none was ever picked. */
export function chosenLocale(): Locale | null {
  const saved = storage()?.getItem(LOCALE_KEY);
  return isLocale(saved) ? saved : null;
}

/** A value components follow with useSyncExternalStore. */
function externalStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
    set: (next: T) => {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The language the server answers the signed-in user in: it changes only once the account holds the new
 * one, so what is fetched again for it (the menus) comes in that language (useServerLanguage).
 */
const serverLanguage = externalStore<string>(initialLocale());
export const serverLanguageStore = { subscribe: serverLanguage.subscribe, get: serverLanguage.get };
const setServerLanguage = serverLanguage.set;

/** Asks the interface to show the account's language (a login in a browser where none was picked). */
const followers = new Set<(locale: Locale) => void>();
export function onFollowAccount(listener: (locale: Locale) => void): () => void {
  followers.add(listener);
  return () => followers.delete(listener);
}
export function followAccount(locale: Locale) {
  rememberLocale(locale);
  setServerLanguage(locale);
  for (const listener of followers) listener(locale);
}

/**
 * Counts the interface's switches of language once its phrases have changed: react-admin's own locale
 * state changes before them, so a component that rendered in between (a notification already on screen)
 * subscribes to this to be translated again.
 */
const phrases = externalStore(0);
export const phrasesStore = { subscribe: phrases.subscribe, get: phrases.get };

export const i18nProvider: typeof polyglot = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    rememberLocale(locale);
    // Signed in: the server keeps the choice too, for its messages, menus and mail; saved before the
    // interface switches, so everything fetched again afterwards comes in the new language. Not when the
    // account has it already (the interface following the account's language at login).
    if (getToken() && locale !== serverLanguage.get())
      await accountsMethods.setLanguage(asLocale(locale)).catch(() => undefined);
    await polyglot.changeLocale(locale, options);
    setServerLanguage(locale);
    phrases.set(phrases.get() + 1);
  },
};
