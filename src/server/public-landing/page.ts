import { t, type Lang } from '../i18n';
import { LANDING_CSS, LANDING_JS } from './assets';
import { renderElement, type Element, type FormState } from './elements';
import { html, trusted, type Html } from './html';

/** The Content-Security-Policy of a landing page: nothing runs or loads but what the nonce and the list allow. */
export function landingCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "media-src 'self' https:",
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function layout(lang: Lang, title: string, nonce: string, body: Html): string {
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="strict-origin-when-cross-origin"><title>${title}</title>
<style nonce="${nonce}">${trusted(LANDING_CSS)}</style></head>
<body><main>${body}</main><script nonce="${nonce}">${trusted(LANDING_JS)}</script></body></html>`.value;
}

export function landingPage(opts: {
  lang: Lang;
  title: string;
  landing: string;
  elements: Element[];
  nonce: string;
  now: Date;
  formToken: string;
  state?: FormState;
}): string {
  const body = opts.elements.map((e) =>
    renderElement(opts.landing, e, opts.lang, opts.now, opts.formToken, opts.state),
  );
  return layout(opts.lang, opts.title, opts.nonce, html`${body}`);
}

export function notFoundPage(lang: Lang, nonce: string): string {
  return layout(
    lang,
    t(lang, 'landing_not_found_title'),
    nonce,
    html`<h1>${t(lang, 'landing_not_found_title')}</h1><p>${t(lang, 'landing_not_found_text')}</p>`,
  );
}
