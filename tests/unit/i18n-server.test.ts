import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { catalogues, langFromHeader, t, type Lang } from '../../src/server/i18n';
import { actionLogs } from '../../src/web/features/action-logs/i18n';

const LANGS: Lang[] = ['ru', 'en', 'de'];
// Each name once: a plural's forms repeat theirs.
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
const FORMS: Record<Lang, number> = { ru: 3, en: 2, de: 2 };

describe('server message catalogues', () => {
  it('ru, en and de have exactly the same keys', () => {
    const en = Object.keys(catalogues.en).sort();
    for (const lang of LANGS) {
      const keys = Object.keys(catalogues[lang]).sort();
      expect(
        keys.filter((k) => !en.includes(k)),
        `${lang}: keys not in en`,
      ).toEqual([]);
      expect(
        en.filter((k) => !keys.includes(k)),
        `${lang}: keys missing`,
      ).toEqual([]);
    }
  });

  it('has no empty messages', () => {
    for (const lang of LANGS) {
      const empty = Object.entries(catalogues[lang]).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(
        empty.map(([k]) => k),
        `${lang}: empty messages`,
      ).toEqual([]);
    }
  });

  it('uses the same placeholders in every language', () => {
    const bad: string[] = [];
    for (const [key, text] of Object.entries(catalogues.en)) {
      const want = placeholders(text);
      for (const lang of LANGS) {
        const got = placeholders((catalogues[lang] as Record<string, string>)[key] ?? '');
        if (JSON.stringify(got) !== JSON.stringify(want))
          bad.push(`${lang}.${key}: ${JSON.stringify(got)} != en ${JSON.stringify(want)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('fills placeholders and picks the language from Accept-Language (Russian by default)', () => {
    expect(t('en', 'throttled', { seconds: 7 })).toBe('Too many requests. Please try again in 7 seconds.');
    expect(t(undefined, 'not_found')).toBe(catalogues.ru.not_found);
    expect(langFromHeader(undefined)).toBe('ru');
    expect(langFromHeader('fr-FR, de;q=0.8, en;q=0.5')).toBe('de');
    expect(langFromHeader('en-GB')).toBe('en');
    expect(langFromHeader('fr')).toBe('ru');
  });

  it('writes plurals as polyglot does and picks the form polyglot picks, in every language', () => {
    const plurals = Object.keys(catalogues.en).filter((k) =>
      catalogues.en[k as keyof typeof catalogues.en].includes('||||'),
    );
    expect(plurals).toContain('open_tasks');
    for (const lang of LANGS) {
      const messages = Object.fromEntries(
        plurals.map((k) => [k, (catalogues[lang] as Record<string, string>)[k]!.replace(/\{(\w+)\}/g, '%{$1}')]),
      );
      const polyglot = polyglotI18nProvider(() => messages as unknown as TranslationMessages, lang);
      for (const key of plurals) {
        expect(messages[key]!.split('||||'), `${lang}.${key}: forms`).toHaveLength(FORMS[lang]);
        for (let n = 0; n <= 125; n++)
          expect(t(lang, key as never, { smart_count: n }), `${lang}.${key} ${n}`).toBe(
            polyglot.translate(key, { smart_count: n }),
          );
      }
    }
    expect(t('ru', 'open_tasks', { smart_count: 22 })).toBe('22 открытые задачи');
    expect(t('de', 'open_tasks', { smart_count: 1 })).toBe('1 offene Aufgabe');
  });

  it("has a sentence for each action of the history, and the history's action filter names each of them", () => {
    const kinds = Object.keys(catalogues.en)
      .filter((k) => k.startsWith('action_') && k !== 'action_generic' && k !== 'action_someone')
      .map((k) => k.slice('action_'.length))
      .sort();
    expect(Object.keys(actionLogs.en.kinds).sort()).toEqual(kinds);
    // Sentences name people and counts only through the parameters the history fills.
    const known = ['actor', 'subject', 'kind', 'other', 'imported', 'skipped', 'warnings', 'file_name'];
    for (const kind of kinds)
      expect(known).toEqual(expect.arrayContaining(placeholders(t('en', `action_${kind}` as never))));
  });
});
