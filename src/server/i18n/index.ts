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
  const text = lookup[lang ?? 'ru']?.[key] ?? lookup.ru?.[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`)) : text;
}

/** Picks ru, en or de from an Accept-Language header (first supported wins), else Russian. */
export function langFromHeader(header: string | undefined): Lang {
  for (const part of (header ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (code === 'ru' || code === 'en' || code === 'de') return code;
  }
  return 'ru';
}
