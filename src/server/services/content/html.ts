import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as admins write it (lessons, books, news, events), made safe to render as is: basic
 * formatting, headings, lists, blockquotes, links (http, https, mailto; opened with rel noopener)
 * and images (http, https or an uploaded /media/ file). Everything else is dropped: scripts, styles,
 * event handlers, iframes, forms, javascript: and data: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'mark',
    'small',
    'code',
    'pre',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs, rel: 'noopener noreferrer' };
      if (out.target && out.target !== '_blank') delete out.target;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !isAllowedImage(frame.attribs.src);
    return false;
  },
};

/** Relative sources are allowed only for uploaded files (/media/...); absolute ones must be http(s). */
function isAllowedImage(src: string | undefined): boolean {
  if (!src) return false;
  if (src.startsWith('/media/') && !src.includes('..')) return true;
  return /^https?:\/\//i.test(src);
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text (summaries, comments): tags removed, whitespace kept readable. */
export function plainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).trim();
}
