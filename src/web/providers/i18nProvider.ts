import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import type { TranslationMessages } from 'ra-core';
import { api, getToken, LOCALE_KEY } from '../../api/client';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { raGerman } from '../i18n/ra-de';
import { ru } from '../i18n/ru';

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

// Russian is complete and the fallback: every language lies over it, so a missing key shows Russian.
const russian = merge(englishMessages, russianMessages, ru);
export const messages: Record<Locale, TranslationMessages> = {
  ru: russian,
  en: merge(russian, englishMessages, en),
  de: merge(russian, raGerman, de),
};

export function initialLocale(): Locale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : 'ru';
}

const polyglot = polyglotI18nProvider(
  (locale) => messages[(locale as Locale) in messages ? (locale as Locale) : 'ru'],
  initialLocale(),
  LOCALES.map((locale) => ({ locale, name: ru.atrium.languages[locale] })),
  { allowMissing: true },
);

/** Remembers the choice so the API answers in the same language, also after a reload. */
function rememberLocale(locale: string) {
  localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = locale;
}

export const i18nProvider: typeof polyglot = {
  ...polyglot,
  changeLocale: (locale, options) => {
    rememberLocale(locale);
    // Signed in: the server keeps the choice too, for its messages and mail.
    if (getToken()) {
      api.POST('/accounts/set_language/', { body: { language: locale as Locale } }).catch(() => {});
    }
    return polyglot.changeLocale(locale, options);
  },
};
