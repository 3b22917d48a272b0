import { isOwnImage, parseVideo, safeUrl, sanitizeLandingHtml } from '../services/flows/content';
import { FORM_FIELDS, type FormField, type LeadForm } from '../services/flows/signup';
import { t, type Lang } from '../i18n';
import { html, trusted, type Html } from './html';

export type Element = { type: string; content: Record<string, unknown> };
/** What a re-rendered form shows after a post without JavaScript. */
export type FormState = { values: Partial<Record<FormField, string>>; errors: Record<string, string[]>; done?: string };

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const INPUT: Record<FormField, { type: string; autocomplete: string }> = {
  first_name: { type: 'text', autocomplete: 'given-name' },
  last_name: { type: 'text', autocomplete: 'family-name' },
  email: { type: 'email', autocomplete: 'email' },
  phone: { type: 'tel', autocomplete: 'tel' },
  city: { type: 'text', autocomplete: 'address-level2' },
  country: { type: 'text', autocomplete: 'country-name' },
};

function countdown(c: Record<string, unknown>, lang: Lang, now: Date): Html {
  const target = new Date(str(c.target_at));
  const left = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  const units = t(lang, 'landing_countdown_units').split('|');
  const parts = [Math.floor(left / 86400), Math.floor(left / 3600) % 24, Math.floor(left / 60) % 60, left % 60];
  const timer = left > 0 ? parts.map((n, i) => `${n} ${units[i] ?? ''}`).join(' ') : str(c.expired_text);
  return html`<section class="countdown" data-target="${target.toISOString()}" data-expired="${str(c.expired_text)}" data-units="${units.join('|')}">
${str(c.title) && html`<p class="countdown-title">${str(c.title)}</p>`}<p class="timer" aria-live="off">${timer}</p></section>`;
}

function leadForm(name: string, c: LeadForm, lang: Lang, formToken: string, state?: FormState): Html {
  if (state?.done)
    return html`<section id="form" class="lead-form"><p class="ok" role="status">${state.done}</p></section>`;
  const fields = c.fields.filter((f) => (FORM_FIELDS as readonly string[]).includes(f.name));
  const general = state?.errors.non_field_errors ?? [];
  return html`<form id="form" class="lead-form" method="post" action="/l/${name}" data-landing="${name}" data-lang="${lang}" novalidate>
${c.title && html`<h2>${c.title}</h2>`}
${fields.map((f) => {
  const errs = state?.errors[f.name] ?? [];
  return html`<div class="field"><label for="f-${f.name}">${f.label || t(lang, `landing_field_${f.name}`)}${f.required ? ' *' : ''}</label>
<input id="f-${f.name}" name="${f.name}" type="${INPUT[f.name].type}" autocomplete="${INPUT[f.name].autocomplete}" maxlength="150"${trusted(f.required ? ' required' : '')}${trusted(errs.length ? ' aria-invalid="true"' : '')} aria-describedby="e-${f.name}" value="${state?.values[f.name] ?? ''}">
<p class="err" id="e-${f.name}">${errs[0] ?? ''}</p></div>`;
})}
<input type="hidden" name="form_token" value="${formToken}">
<input type="hidden" name="time_zone" value="">
<p class="err" id="e-non_field_errors" role="alert">${general[0] ?? ''}</p>
<button type="submit">${c.button_label || t(lang, 'landing_submit')}</button>
</form>`;
}

function video(c: Record<string, unknown>): Html | null {
  const v = parseVideo(str(c.url));
  if (!v) return null;
  const caption = str(c.caption);
  const player =
    v.kind === 'file'
      ? html`<video controls preload="metadata" src="${v.url}"></video>`
      : html`<div class="embed"><iframe src="${v.kind === 'youtube' ? `https://www.youtube-nocookie.com/embed/${v.id}` : `https://player.vimeo.com/video/${v.id}`}" title="${caption || 'video'}" loading="lazy" allow="fullscreen; picture-in-picture" allowfullscreen></iframe></div>`;
  return html`<figure class="video">${player}${caption && html`<figcaption>${caption}</figcaption>`}</figure>`;
}

/**
 * One element as HTML: plain texts escaped, rich text sanitised again, URLs checked again. A lead form
 * carries `formToken` (the page's form token, or the place it is put in later) in a hidden input.
 */
export function renderElement(
  landing: string,
  e: Element,
  lang: Lang,
  now: Date,
  formToken: string,
  state?: FormState,
): Html | null {
  const c = e.content;
  switch (e.type) {
    case 'heading': {
      const level = [1, 2, 3].includes(Number(c.level)) ? Number(c.level) : 1;
      return html`${trusted(`<h${level}>`)}${str(c.text)}${trusted(`</h${level}>`)}`;
    }
    case 'text':
      return html`<div class="text">${trusted(sanitizeLandingHtml(str(c.html)))}</div>`;
    case 'image': {
      if (!isOwnImage(c.image)) return null;
      const img = html`<img src="${c.image}" alt="${str(c.alt)}" loading="lazy">`;
      const href = safeUrl(str(c.link));
      return html`<figure class="image">${href ? html`<a href="${href}" rel="noopener noreferrer nofollow">${img}</a>` : img}${
        str(c.caption) && html`<figcaption>${str(c.caption)}</figcaption>`
      }</figure>`;
    }
    case 'video':
      return video(c);
    case 'button': {
      const link = str(c.link);
      const href = link === '#form' ? '#form' : safeUrl(link);
      return href
        ? html`<p class="button"><a class="btn" href="${href}" rel="noopener noreferrer nofollow">${str(c.label)}</a></p>`
        : null;
    }
    case 'countdown':
      return countdown(c, lang, now);
    case 'lead_form':
      return leadForm(landing, c as unknown as LeadForm, lang, formToken, state);
    default:
      return null;
  }
}
