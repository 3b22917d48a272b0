import { cspNonce } from '../crypto';

/**
 * Rendered landing pages, kept by the page's key (its language, name and elements as read from the
 * database, so an edit is a new key and shows at once). The page's CSP nonce differs per answer: an
 * entry is rendered with a random marker of its own in the nonce's places and split there, and each
 * answer joins the parts with its nonce. A page with a countdown has its timer text in the markup and
 * is kept for the second it was rendered in. Past MAX_CHARS of keys and pages the cache starts afresh.
 */
const MAX_CHARS = 16_000_000;

type Entry = { parts: string[]; second: number | null };

export class RenderedPages {
  private pages = new Map<string, Entry>();
  private chars = 0;

  /** The page for `key` with `nonce`; `render` builds it (with the nonce it is given) when missing or stale. */
  page(key: string, nonce: string, now: Date, render: (nonce: string) => { html: string; ticking: boolean }): string {
    const second = Math.floor(now.getTime() / 1000);
    let entry = this.pages.get(key);
    if (!entry || (entry.second !== null && entry.second !== second)) {
      const marker = cspNonce();
      const { html, ticking } = render(marker);
      entry = { parts: html.split(marker), second: ticking ? second : null };
      if (this.chars + key.length + html.length > MAX_CHARS) this.clear();
      if (!this.pages.has(key)) this.chars += key.length + html.length;
      this.pages.set(key, entry);
    }
    return entry.parts.join(nonce);
  }

  clear() {
    this.pages.clear();
    this.chars = 0;
  }
}
