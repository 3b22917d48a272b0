import sanitizeHtml from 'sanitize-html';
import type { LandingElementType } from '../../db/schema';
import { FieldErrors } from '../../errors';
import type { MessageKey } from '../../i18n';

/**
 * Landing rich text: paragraphs, emphasis, lists and links only. Links may be http(s), mailto or tel
 * and always get rel="noopener noreferrer nofollow". Run on write and again on render.
 */
const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { rel: 'noopener noreferrer nofollow' };
      if (attribs.href) out.href = attribs.href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeLandingHtml(html: string): string {
  return sanitizeHtml(html, TEXT_OPTIONS).trim();
}

/** http(s), mailto: and tel: URLs only (what a visitor may be sent to); anything else is null. */
export function safeUrl(raw: string | null | undefined): string | null {
  const s = raw?.trim();
  if (!s || /[\s<>"'`\\]/.test(s)) return null;
  try {
    const u = new URL(s);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

/** Images of a landing come from this app's own uploads (/media/images/<generated name>). */
export const isOwnImage = (src: unknown): src is string =>
  typeof src === 'string' && /^\/media\/images\/[A-Za-z0-9-]+\.(jpg|png|webp|gif)$/.test(src);

export type Video = { kind: 'youtube' | 'vimeo'; id: string } | { kind: 'file'; url: string };

/** A YouTube or Vimeo link, or a direct https .mp4 file; null for anything else. */
export function parseVideo(raw: string): Video | null {
  const href = safeUrl(raw);
  if (!href) return null;
  const u = new URL(href);
  const host = u.hostname.replace(/^(www\.|m\.)/, '');
  let m: RegExpExecArray | null;
  if (host === 'youtu.be' && (m = /^\/([\w-]{6,20})$/.exec(u.pathname))) return { kind: 'youtube', id: m[1] ?? '' };
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const v = u.searchParams.get('v');
    if (u.pathname === '/watch' && v && /^[\w-]{6,20}$/.test(v)) return { kind: 'youtube', id: v };
    if ((m = /^\/(?:embed|shorts)\/([\w-]{6,20})$/.exec(u.pathname))) return { kind: 'youtube', id: m[1] ?? '' };
  }
  if ((host === 'vimeo.com' || host === 'player.vimeo.com') && (m = /^\/(?:video\/)?(\d{4,12})$/.exec(u.pathname))) {
    return { kind: 'vimeo', id: m[1] ?? '' };
  }
  if (u.protocol === 'https:' && /\.mp4$/i.test(u.pathname)) return { kind: 'file', url: href };
  return null;
}

type Content = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** A text field as given (the contract has checked it is a string when present). */
const raw = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Checks and cleans an element's content (the contract has already checked its shape and lengths):
 * plain texts trimmed (they are escaped when rendered), rich text sanitised, URLs restricted.
 */
export function cleanContent(type: LandingElementType, c: Content): Content {
  const errors: Record<string, MessageKey[]> = {};
  const need = (field: string, value: string) => {
    if (!value) errors[`content.${field}`] = ['field_empty'];
    return value;
  };
  const link = (field: string, value: unknown, allowForm = false) => {
    const s = str(value);
    if (!s) return null;
    if (allowForm && s === '#form') return s;
    const href = safeUrl(s);
    if (!href) errors[`content.${field}`] = ['landing_url_invalid'];
    return href;
  };
  let out: Content;
  switch (type) {
    case 'heading':
      out = { text: need('text', str(c.text)), level: typeof c.level === 'number' ? c.level : 1 };
      break;
    case 'text':
      out = { html: need('html', sanitizeLandingHtml(raw(c.html))) };
      break;
    case 'image':
      if (!isOwnImage(c.image)) errors['content.image'] = ['landing_image_invalid'];
      out = { image: c.image, caption: str(c.caption), alt: str(c.alt), link: link('link', c.link) };
      break;
    case 'video':
      if (!parseVideo(raw(c.url))) errors['content.url'] = ['landing_video_invalid'];
      out = { url: str(c.url), caption: str(c.caption) };
      break;
    case 'button':
      out = { label: need('label', str(c.label)), link: link('link', c.link, true) ?? '' };
      if (!str(c.link)) errors['content.link'] = ['field_empty'];
      break;
    case 'countdown':
      out = {
        target_at: new Date(String(c.target_at)).toISOString(),
        title: str(c.title),
        expired_text: str(c.expired_text),
      };
      break;
    case 'lead_form': {
      const fields = (c.fields as Array<{ name: string; label?: string; required: boolean }>).map((f) => ({
        name: f.name,
        label: str(f.label),
        required: f.required,
      }));
      const names = fields.map((f) => f.name);
      if (new Set(names).size !== names.length) errors['content.fields'] = ['landing_form_duplicate_field'];
      else if (!names.includes('email') && !names.includes('phone'))
        errors['content.fields'] = ['landing_form_needs_contact'];
      out = {
        title: str(c.title),
        fields,
        button_label: str(c.button_label),
        success_message: str(c.success_message),
        // Kept only when on, so forms saved before read as they did.
        ...(c.send_invitation === true && { send_invitation: true }),
      };
      break;
    }
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors);
  return out;
}
