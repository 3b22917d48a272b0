import { FieldErrors } from '../../../errors';
import { sanitizeRichText } from '../../content/html';

/** `f(value)` when the input gives the field (PUT leaves out what stays as it is), else undefined. */
export const given = <V, R>(value: V | undefined, f: (v: V) => R): R | undefined =>
  value === undefined ? undefined : f(value);

type LinkRule = { media?: readonly string[]; http?: boolean; mailto?: boolean; appPath?: boolean };

/**
 * A link field: null, an http(s) URL, a /media/<folder>/<file> of an upload (only the given
 * folders), a mailto: address or an app path, as the rule allows. Anything else is a 400 on it.
 */
export function link(field: string, value: string | null, rule: LinkRule): string | null {
  if (value === null || value === '') return null;
  const text = value.trim();
  const media = /^\/media\/([\w-]+)\/[\w.-]+$/.exec(text);
  if (rule.media && media && !text.includes('..')) {
    if (rule.media.includes(media[1] ?? '')) return text;
  }
  if (rule.appPath && /^\/(?!\/)[\w\-./?=&#%]*$/.test(text) && !text.startsWith('/media/') && !text.includes('..'))
    return text;
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

export const date = (value: string) => new Date(value);

export const html = (value: string) => sanitizeRichText(value);
