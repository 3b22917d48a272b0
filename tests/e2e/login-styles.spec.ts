import { expect } from '@playwright/test';
import { LANGUAGE_WALKS, keptPage, test, VIEWPORTS } from './support/session';

/**
 * #41: the login screen draws with the styles the build wrote into its page (vite.config.ts, firstStyles;
 * src/web/layout/first-styles.json), so emotion compiles and inserts none of its own as the screen first
 * draws: a tenth of the login's time at bench:web's 4× CPU. A change of the login's look (or of Material
 * UI or emotion) makes emotion insert again, which this test names: then `npm run first-styles` makes the
 * file again.
 */
test('the login screen draws in every language and width with the styles its page brings', async ({ browser }) => {
  for (const [lang, width] of LANGUAGE_WALKS) {
    const page = await keptPage(browser, { viewport: VIEWPORTS[width] });
    await page.goto(`/login?lang=${lang}`);
    await expect(page.locator('input[name="username"]')).toBeEnabled();
    await page.waitForLoadState('networkidle');
    const brought = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css "]')].reduce(
        (n, tag) => n + (tag.sheet?.cssRules.length ?? 0),
        0,
      ),
    );
    expect(brought, `${lang}, ${width}: the page's own styles`).toBeGreaterThan(100);
    // emotion's sheet for what it inserts itself (its global styles, CssBaseline's, have sheets of their own).
    const inserted = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')].flatMap((tag) =>
        [...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText.slice(0, 80)),
      ),
    );
    expect(inserted, `${lang}, ${width}: styles the login's page lacks; run \`npm run first-styles\``).toEqual([]);
  }
});
