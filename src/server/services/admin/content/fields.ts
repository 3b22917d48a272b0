import { FieldErrors } from '../../../http/errors';
import { sanitizeRichText } from '../../content/html';

type Input = Record<string, unknown>;

/** True when the input names the field (PUT leaves out what stays as it is). */
export const has = (input: Input, key: string) => Object.prototype.hasOwnProperty.call(input, key) && input[key] !== undefined;

type LinkRule = { media?: readonly string[]; http?: boolean; mailto?: boolean; appPath?: boolean };

/**
 * A link field: null, an http(s) URL, a /media/<folder>/<file> of an upload (only the given
 * folders), a mailto: address or an app path, as the rule allows. Anything else is a 400 on it.
 */
export function link(field: string, value: unknown, rule: LinkRule): string | null {
  if (value === null || value === '') return null;
  const text = String(value).trim();
  if (rule.media && /^\/media\/[\w-]+\/[\w.-]+$/.test(text) && !text.includes('..')) {
    const folder = text.split('/')[2]!;
    if (rule.media.includes(folder)) return text;
  }
  if (rule.appPath && /^\/(?!\/)[\w\-./?=&#%]*$/.test(text) && !text.startsWith('/media/') && !text.includes('..')) return text;
  if (rule.mailto && /^mailto:[^\s@]+@[^\s@]+$/i.test(text)) return text;
  if (rule.http !== false) {
    try {
      const u = new URL(text);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.hostname) return u.toString();
    } catch {
      /* not a URL */
    }
  }
  throw FieldErrors.of(field, 'url_invalid');
}

export const IMAGE = { media: ['images'] } as const;

export const date = (value: unknown) => new Date(String(value));

/** Copies plain fields that the input names into columns, renaming snake_case to the table's keys. */
export function pick(input: Input, fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(fields)) if (has(input, from)) out[to] = input[from];
  return out;
}

export const html = (value: unknown) => sanitizeRichText(String(value ?? ''));
