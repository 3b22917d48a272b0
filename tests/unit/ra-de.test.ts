import { describe, it, expect } from 'vitest';
import English from 'ra-language-english';
import { raGerman } from '../../src/web/i18n/ra-de';

/** Flattens a nested messages object to { 'ra.action.add': '...' }; non-string leaves are kept as they are. */
function flatten(obj: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (obj !== null && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [key, value] of Object.entries(obj as Record<string, unknown>)) {
      flatten(value, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out[prefix] = obj;
  }
  return out;
}

/** The set of polyglot placeholders (%{name}, %{smart_count}, ...) in a message, sorted. */
function placeholders(value: unknown): string[] {
  return [...new Set(String(value).match(/%\{[^}]+\}/g) ?? [])].sort();
}

/** Number of smart_count plural forms (separated by ' |||| '). */
function pluralForms(value: unknown): number {
  return String(value).split(' |||| ').length;
}

const en = flatten(English);
const de = flatten(raGerman);

describe('react-admin German messages (ra-de)', () => {
  it('has exactly the keys of the English pack', () => {
    expect(Object.keys(en).length).toBeGreaterThan(100);
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it('has a non-empty string for every key', () => {
    for (const [key, value] of Object.entries(de)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).length, key).toBeGreaterThan(0);
      // Only a key that is blank in English too (ra.boolean.null) may be blank.
      if (String(en[key]).trim() !== '') expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('keeps the same %{placeholders} for every key', () => {
    for (const key of Object.keys(en)) {
      expect(placeholders(de[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('keeps the same number of smart_count plural forms for every key', () => {
    for (const key of Object.keys(en)) {
      expect(pluralForms(de[key]), key).toBe(pluralForms(en[key]));
    }
  });
});
