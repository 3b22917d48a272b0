import { describe, expect, it } from 'vitest';
import { RenderedPages } from '../../src/server/public-landing/cache';

describe('rendered landing pages', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, 0) + ms);

  it('renders a key once and gives every answer its own nonce in every nonce place', () => {
    const pages = new RenderedPages();
    let renders = 0;
    const render = (n: string) => {
      renders++;
      return {
        html: `<style nonce="${n}"></style><p>nonce-looking text</p><script nonce="${n}"></script>`,
        ticking: false,
      };
    };
    const a = pages.page('en|page|[]', 'AAA', at(0), render);
    const b = pages.page('en|page|[]', 'BBB', at(5_000), render);
    expect(renders).toBe(1);
    expect(a).toBe('<style nonce="AAA"></style><p>nonce-looking text</p><script nonce="AAA"></script>');
    expect(b).toBe('<style nonce="BBB"></style><p>nonce-looking text</p><script nonce="BBB"></script>');
    pages.page('de|page|[]', 'CCC', at(0), render);
    expect(renders).toBe(2);
  });

  it('renders a page with a countdown again in the next second only', () => {
    const pages = new RenderedPages();
    const seconds: number[] = [];
    const render = (n: string) => {
      seconds.push(seconds.length);
      return { html: `<p nonce="${n}">${seconds.length}</p>`, ticking: true };
    };
    expect(pages.page('k', 'x', at(0), render)).toBe('<p nonce="x">1</p>');
    expect(pages.page('k', 'y', at(900), render)).toBe('<p nonce="y">1</p>');
    expect(pages.page('k', 'z', at(1_000), render)).toBe('<p nonce="z">2</p>');
  });

  it('starts afresh past its size budget instead of growing', () => {
    const pages = new RenderedPages();
    let renders = 0;
    const big = 'x'.repeat(6_000_000);
    const render = () => ({ html: big, ticking: false });
    for (const key of ['a', 'b', 'c', 'a']) pages.page(key, 'n', at(0), () => (renders++, render()));
    // a, b fit (12 M chars); c clears them; a is rendered again.
    expect(renders).toBe(4);
  });
});

describe('CSP nonces', () => {
  it('are 128 random bits each, none repeated across pool refills', async () => {
    const { cspNonce } = await import('../../src/server/crypto');
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const n = cspNonce();
      expect(Buffer.from(n, 'base64')).toHaveLength(16);
      seen.add(n);
    }
    expect(seen.size).toBe(2_000);
  });
});
