/**
 * Makes src/web/layout/first-styles.json, the login screen's styles that the server writes into the public
 * screens' pages (vite.config.ts, screenPreloads; src/server/plugins/app/web-pages.ts): `npm run
 * first-styles` after a change of the login's look or of Material UI / emotion (tests/e2e/login-styles.spec.ts
 * fails until then). It builds the web app into a temporary folder, opens /login from its index.html (which
 * never carries them) in the benches' Chromium in each language at a phone's and a laptop's width, and keeps
 * the rules emotion inserted, in their order, as emotion wrote them (vendor prefixes Chromium drops
 * included), with the names that mark them inserted. The screen asks the server for nothing before it takes
 * input, so the build's files are served from the folder by the browser's request routing, with no server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBenchBrowser } from './bench/web-session';
import { LOCALES } from '../src/web/providers/startingLocale';

const OUT = 'src/web/layout/first-styles.json';
const ORIGIN = 'http://first-styles.test';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-first-styles-'));
try {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the web build failed');

  const browser = await launchBenchBrowser();
  const rules: string[] = [];
  const names: string[] = [];
  try {
    for (const locale of LOCALES)
      for (const viewport of WIDTHS) {
        const context = await browser.newContext({
          viewport,
          storageState: {
            cookies: [],
            origins: [{ origin: ORIGIN, localStorage: [{ name: 'atrium:locale', value: locale }] }],
          },
        });
        await context.route(`${ORIGIN}/**`, async (route) => {
          const { pathname } = new URL(route.request().url());
          const file = path.join(dir, pathname);
          // Every other address is the app's page, as the server answers it.
          const found = pathname.includes('.') && fs.existsSync(file) ? file : path.join(dir, 'index.html');
          await route.fulfill({ path: found });
        });
        // emotion's rules as it inserts them (stylis's output, vendor prefixes and all), not as Chromium reads them
        // back: its own sheets are `data-emotion="css"` (its global styles have sheets of their own, kept out).
        await context.addInitScript(() => {
          type Insert = (this: CSSStyleSheet, rule: string, index?: number) => number;
          const insert = Object.getOwnPropertyDescriptor(CSSStyleSheet.prototype, 'insertRule')?.value as Insert;
          const seen: string[] = [];
          Object.assign(window, { firstStyles: seen });
          CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
            if (this.ownerNode instanceof Element && this.ownerNode.getAttribute('data-emotion') === 'css')
              seen.push(rule);
            return insert.call(this, rule, index);
          };
        });
        const page = await context.newPage();
        await page.goto(`${ORIGIN}/login`);
        await page.locator('input[name="username"]:not([disabled])').waitFor();
        await page.waitForLoadState('networkidle');
        const inserted = await page.evaluate(() => (window as unknown as { firstStyles: string[] }).firstStyles);
        for (const rule of inserted) {
          if (rules.includes(rule)) continue;
          rules.push(rule);
          // emotion's key of what it inserted: a class's name (`.css-<name>`), or keyframes' whole name.
          for (const [, className, keyframes] of rule.matchAll(/\.css-([a-z0-9]+)|@keyframes (animation-[a-z0-9]+)/g)) {
            const name = className ?? keyframes;
            if (name && !names.includes(name)) names.push(name);
          }
        }
        await context.close();
      }
  } finally {
    await browser.close();
  }
  if (!rules.length) throw new Error('the login inserted no styles: is the build the one without them?');
  fs.writeFileSync(OUT, `${JSON.stringify({ names, css: rules.join('') }, null, 2)}\n`);
  console.log(`${OUT}: ${rules.length} rules, ${names.length} names`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
