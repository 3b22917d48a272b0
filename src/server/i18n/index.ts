import { de } from './de';
import { en, type MessageKey } from './en';
import { ru } from './ru';

export type { MessageKey };
export type Lang = 'ru' | 'en' | 'de';
export const catalogues: Record<Lang, Record<MessageKey, string>> = { ru, en, de };

/** Translates a server message; Russian is the default and the fallback. */
export function t(lang: Lang | undefined, key: MessageKey, params?: Record<string, string | number>): string {
  // A language or key that came in unchecked (a stored profile, a key kept in a row) falls back.
  const lookup: Partial<Record<string, Partial<Record<string, string>>>> = catalogues;
  const found = lookup[lang ?? 'ru']?.[key];
  const text = found ?? lookup.ru?.[key] ?? key;
  const count = params?.smart_count;
  const form = typeof count === 'number' ? pluralForm(found === undefined ? 'ru' : (lang ?? 'ru'), text, count) : text;
  return params ? form.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`)) : form;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * Plural forms written as the web's polyglot catalogues write them: forms apart by `||||`, picked by the
 * `smart_count` parameter in polyglot's groups (Russian one, few, many; English and German one, other),
 * which Intl's rules give alike for whole numbers (tests/unit/i18n-server.test.ts holds them to polyglot's).
 */
function pluralForm(lang: string, text: string, n: number): string {
  const forms = text.split('||||');
  if (forms.length === 1) return text;
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  const group = rules.select(n);
  const index = group === 'one' ? 0 : lang === 'ru' && group === 'few' ? 1 : forms.length - 1;
  return (forms[index] ?? text).trim();
}

/** Picks ru, en or de from an Accept-Language header (first supported wins), else Russian. */
export function langFromHeader(header: string | undefined): Lang {
  for (const part of (header ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (code === 'ru' || code === 'en' || code === 'de') return code;
  }
  return 'ru';
}
