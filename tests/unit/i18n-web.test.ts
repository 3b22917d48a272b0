import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from '../../src/web/i18n/de';
import { en } from '../../src/web/i18n/en';
import { ru } from '../../src/web/i18n/ru';

type Tree = { [k: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...acc, [key]: v } : { ...acc, ...flatten(v, key) };
  }, {});

const catalogues = { ru: flatten(ru), en: flatten(en), de: flatten(de) };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : sourceFiles(p);
    return /\.(tsx?|ts)$/.test(e.name) ? [p] : [];
  });
}

describe('web app catalogues', () => {
  it('ru, en and de have the same keys and no empty text', () => {
    const keys = Object.keys(catalogues.en).sort();
    for (const [lang, cat] of Object.entries(catalogues)) {
      expect(Object.keys(cat).sort(), lang).toEqual(keys);
      for (const [k, v] of Object.entries(cat)) expect(v.trim(), `${lang}:${k}`).not.toBe('');
    }
  });

  it('keeps the same %{placeholders} in every language', () => {
    // Each name once: a plural has as many forms as its language (Russian three, English two).
    const vars = (s: string) => [...new Set([...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();
    for (const [k, v] of Object.entries(catalogues.en)) {
      expect(vars(catalogues.ru[k]!), `ru:${k}`).toEqual(vars(v));
      expect(vars(catalogues.de[k]!), `de:${k}`).toEqual(vars(v));
    }
  });

  it('has every atrium.* key that the web code uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve('src/web'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"`](atrium\.[\w.]+)['"`]/g)) used.add(m[1]!);
    }
    const templated = [...used].filter((k) => k.endsWith('.'));
    const missing = [...used].filter((k) => !k.endsWith('.') && !(k in catalogues.en));
    expect(missing).toEqual([]);
    expect(templated).toEqual([]);
  });
});
