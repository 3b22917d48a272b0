import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { accountsMethods, getToken } from '../features/auth/data';
import {
  appLanguageMessages,
  initialLocale,
  languageMessages,
  LOCALES,
  rememberLocale,
  type Locale,
} from './startingLocale';

export { chosenLocale, initialLocale, LOCALES, rememberLocale, type Locale } from './startingLocale';

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

/** Each language's messages for the public screens (react-admin's and the shell's and auth area's), once loaded. */
const loaded: Partial<Record<Locale, TranslationMessages>> = {};

/**
 * Each language's messages of every area, once the signed-in app has loaded them (loadAppMessages):
 * until then the login screen has only its own language's public messages (startingLocale.ts).
 */
const app: Partial<Record<Locale, object>> = {};
/** Set once the signed-in app wants its messages: a switch of language then loads the new one's first. */
let appWanted = false;

async function loadApp(locale: Locale): Promise<void> {
  app[locale] ??= await appLanguageMessages(locale);
}

function messagesFor(locale: Locale): TranslationMessages {
  return merge(loaded[locale] ?? {}, app[locale] ?? {});
}

/** The language's messages, synchronously once its public part is here, else once it has loaded. */
function getMessages(locale: Locale): TranslationMessages | Promise<TranslationMessages> {
  if (loaded[locale]) return messagesFor(locale);
  return languageMessages(locale).then((messages) => {
    loaded[locale] = messages;
    return messagesFor(locale);
  });
}

const asLocale = (locale: string): Locale =>
  (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'ru';

let translator: I18nProvider | undefined;
let started: Promise<void> | undefined;
/** The translator, made by startI18n. */
function polyglot(): I18nProvider {
  if (!translator) throw new Error('startI18n() has not finished');
  return translator;
}

/**
 * Loads the starting language's react-admin messages and makes the translator: main.tsx awaits it before
 * the first render (ra-i18n-polyglot wants the first language's messages synchronously).
 */
export function startI18n(): Promise<void> {
  started ??= makeTranslator();
  return started;
}

async function makeTranslator(): Promise<void> {
  const locale = initialLocale();
  const messages = await getMessages(locale);
  // Each language's name in itself, the same in every catalogue.
  const names = (messages as unknown as { atrium: { languages: Record<Locale, string> } }).atrium.languages;
  translator = polyglotI18nProvider(
    (next) => getMessages(asLocale(next)),
    locale,
    LOCALES.map((option) => ({ locale: option, name: names[option] })),
    { allowMissing: true },
  );
}

let appMessages: Promise<void> | null = null;

/**
 * Loads every area's messages in the current language (once) and gives them to the translator; another
 * language's come with a switch (i18nProvider.changeLocale). The signed-in app awaits it before its first
 * render, so no screen shows a raw key.
 */
export function loadAppMessages(): Promise<void> {
  appWanted = true;
  // main.tsx may start this beside startI18n (a signed-in page's first load): the translator comes
  // first, and its language then is the starting one unless a public screen switched it meanwhile.
  appMessages ??= Promise.all([
    loadApp(translator ? asLocale(translator.getLocale()) : initialLocale()),
    startI18n(),
  ]).then(async () => {
    const locale = asLocale(polyglot().getLocale());
    await loadApp(locale);
    // The same language again: polyglot rebuilds its phrases from messagesFor (React needs no update,
    // nothing has rendered these keys yet).
    await polyglot().changeLocale(locale);
  });
  return appMessages;
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

export const i18nProvider: I18nProvider = {
  translate: (key, options) => polyglot().translate(key, options),
  getLocale: () => polyglot().getLocale(),
  getLocales: () => polyglot().getLocales?.() ?? [],
  changeLocale: async (locale, options) => {
    rememberLocale(locale);
    // Signed in: the server keeps the choice too, for its messages, menus and mail; saved before the
    // interface switches, so everything fetched again afterwards comes in the new language. Not when the
    // account has it already (the interface following the account's language at login).
    if (getToken() && locale !== serverLanguage.get())
      await accountsMethods.setLanguage(asLocale(locale)).catch(() => undefined);
    if (appWanted) await loadApp(asLocale(locale));
    await polyglot().changeLocale(locale, options);
    setServerLanguage(locale);
    phrases.set(phrases.get() + 1);
  },
};
