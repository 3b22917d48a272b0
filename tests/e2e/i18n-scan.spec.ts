import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './support/session';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { de as serverDe } from '../../src/server/i18n/de';
import { en as serverEn } from '../../src/server/i18n/en';
import { ru as serverRu } from '../../src/server/i18n/ru';
import { de as webDe } from '../../src/web/i18n/de';
import { en as webEn } from '../../src/web/i18n/en';
import { raGerman } from '../../src/web/i18n/ra-de';
import { ru as webRu } from '../../src/web/i18n/ru';
import { openInApp } from './support/screens';
import { rememberLanguage } from './support/language';

/**
 * Every screen the menus reach (member, consultant, admin) and the public ones, in ru, en and de: no
 * raw catalogue key (`atrium.…`, `ra.…`), no Cyrillic word in English or German, no word of the English
 * catalogue in Russian or German. Data is allowed: the seed's texts (demo content is Russian), names
 * and brands. Screens are opened inside the app (no reload per screen), so the whole scan stays short.
 */

const LANGS = ['ru', 'en', 'de'] as const;
type Lang = (typeof LANGS)[number];

type Tree = { [k: string]: unknown };
const texts = (tree: unknown): string[] =>
  typeof tree === 'string'
    ? [tree]
    : tree && typeof tree === 'object'
      ? Object.values(tree as Tree).flatMap(texts)
      : [];
// Placeholders (%{name}, {limit}) and the plural separator are not words.
const words = (text: string, pattern: RegExp) =>
  (text.replace(/%?\{\w+\}|\|\|\|\|/g, ' ').match(pattern) ?? []).map((w) => w.toLowerCase());
const LATIN = /[A-Za-z]{3,}/g;
const CYRILLIC = /[А-Яа-яЁё]{2,}/g;
const wordSet = (trees: unknown[], pattern: RegExp) => new Set(trees.flatMap(texts).flatMap((t) => words(t, pattern)));

const catalogues: Record<Lang, unknown[]> = {
  ru: [webRu, russianMessages, serverRu],
  en: [webEn, englishMessages, serverEn],
  de: [webDe, raGerman, serverDe],
};

// The seed's texts (string literals of the demo data): Russian lessons, news and names are data.
const seedText = ['src/server/db/seed.ts', 'src/server/db/seed-content.ts']
  .map((p) => fs.readFileSync(p, 'utf8'))
  .join('\n')
  .match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`]*`/g)
  ?.join(' ');
const SEED_LATIN = new Set(words(seedText ?? '', LATIN));
const SEED_CYRILLIC = new Set(words(seedText ?? '', CYRILLIC));

/** Names and brands that are the same in every language, and each language's own name (an endonym). */
const ALLOWED = new Set(
  [
    'atrium',
    'telegram',
    'google',
    'authenticator',
    'email',
    'stripe',
    'paypal',
    'youtube',
    'vimeo',
    'safari',
    'iphone',
    'pdf',
    'csv',
    'crm',
    'english',
    'deutsch',
    'русский',
  ].map((w) => w.toLowerCase()),
);

/** English catalogue words that a Russian or German screen must not show (the language's own catalogue has them not). */
const englishOnly = (lang: 'ru' | 'de') => {
  const own = wordSet(catalogues[lang], LATIN);
  return new Set(
    [...wordSet(catalogues.en, LATIN)].filter((w) => !own.has(w) && !SEED_LATIN.has(w) && !ALLOWED.has(w)),
  );
};
const ENGLISH_ONLY = { ru: englishOnly('ru'), de: englishOnly('de') };

/** What one screen shows: its visible text and the texts people meet in attributes (placeholders, labels). */
async function screenText(page: Page) {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[placeholder], [aria-label], [title]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null || el === document.body)
      .flatMap((el) => ['placeholder', 'aria-label', 'title'].map((a) => el.getAttribute(a) ?? ''));
    return `${document.body.innerText}\n${attrs.join('\n')}`;
  });
}

/** Data that is no one's language: links and paths, and browsers' own names of themselves (sessions). */
const notLanguage = (text: string) => text.replace(/Mozilla\/\S+[^\n]*/g, ' ').replace(/\S*\/\S*/g, ' ');

function problems(lang: Lang, shown: string): string[] {
  const found: string[] = [];
  const text = notLanguage(shown);
  for (const key of shown.match(/(?<![\w@./-])(?:atrium|ra)\.[a-z_]+\.[a-z0-9_.]+/g) ?? [])
    found.push(`raw key ${key}`);
  if (lang !== 'ru') {
    for (const w of new Set(words(text, CYRILLIC)))
      if (!SEED_CYRILLIC.has(w) && !ALLOWED.has(w)) found.push(`Cyrillic "${w}"`);
  }
  if (lang !== 'en') {
    for (const w of new Set(words(text, LATIN))) if (ENGLISH_ONLY[lang].has(w)) found.push(`English "${w}"`);
  }
  return found;
}

async function setLanguage(page: Page, lang: Lang, token: string | null) {
  if (token) {
    const res = await page.request.post('/api/accounts/set_language/', {
      headers: { Authorization: `JWT ${token}` },
      data: { language: lang },
    });
    expect(res.ok()).toBeTruthy();
  }
  await rememberLanguage(page, lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** A path's shape: its numbers as `:id`, so one lesson stands for all lessons. */
const shapeOf = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/:id');

/**
 * Pages one click away from a screen, as a person reaches them: the links in its content (a lesson, a
 * book, a landing's editor, a create form) and where clicking its first table row leads (a person, a
 * record's edit form). One page per shape; the menu's own screens are scanned already.
 */
async function detailPaths(page: Page, menu: Set<string>, found: Map<string, string>) {
  const links = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('main a[href]')]
      .map((a) => new URL(a.href, window.location.href))
      .filter((u) => u.origin === window.location.origin)
      .map((u) => u.pathname),
  );
  for (const link of links) {
    const shape = shapeOf(link);
    if (!menu.has(link) && !found.has(shape) && link !== '/') found.set(shape, link);
  }
  const row = page.locator('main tbody tr.MuiTableRow-hover').first();
  // A list's rows may come after its frame has settled.
  if ((await page.locator('main table').count()) > 0) await row.waitFor({ timeout: 2_000 }).catch(() => undefined);
  if ((await row.count()) === 0) return;
  const from = new URL(page.url()).pathname;
  await row.click();
  await expect(page)
    .not.toHaveURL((url) => url.pathname === from, { timeout: 3_000 })
    .catch(() => undefined);
  const to = new URL(page.url()).pathname;
  if (to !== from && !menu.has(to) && !found.has(shapeOf(to))) found.set(shapeOf(to), to);
  // A row that opens a dialog instead: close it.
  if (to === from) await page.keyboard.press('Escape');
}

type MenuItem = { path: string; children?: MenuItem[] };
const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children ?? [])]);

/** The screens the server's menus (side and user menu) offer this user. */
async function menuPaths(page: Page, token: string): Promise<string[]> {
  const headers = { Authorization: `JWT ${token}` };
  const lists = await Promise.all(
    ['/api/menu/main/', '/api/menu/dropdown/'].map(async (url) => {
      const res = await page.request.get(url, { headers });
      expect(res.ok()).toBeTruthy();
      return (await res.json()) as MenuItem[];
    }),
  );
  return [...new Set(lists.flatMap(paths).filter((p) => p.startsWith('/')))];
}

async function signIn(page: Page, email: string): Promise<string> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill('demo-password');
  await page.locator('button[type="submit"]').click();
  // Members land on /dashboard, staff on /staff-dashboard.
  await page.waitForURL(/\/(staff-)?dashboard$/);
  return (await page.evaluate(() => localStorage.getItem('atrium:token')))!;
}

test('public screens in ru, en and de show no raw key and no other language', async ({ page }) => {
  const found: string[] = [];
  await page.goto('/login');
  for (const lang of LANGS) {
    await setLanguage(page, lang, null);
    for (const path of ['/login', '/register', '/recover-password']) {
      await openInApp(page, path);
      for (const p of problems(lang, await screenText(page))) found.push(`${lang} ${path}: ${p}`);
    }
  }
  expect(found).toEqual([]);
});

// Each role's screens beyond those a role before it already scanned (admin's menu holds the member's).
const seen = new Set<string>();
const seenDetails = new Set<string>();
for (const role of ['member', 'consultant', 'admin'] as const) {
  test(`${role} menu screens in ru, en and de show no raw key and no other language`, async ({ page }) => {
    test.setTimeout(300_000);
    const token = await signIn(page, `${role}@demo.atrium`);
    const screens = (await menuPaths(page, token)).filter((p) => !seen.has(p));
    expect(screens.length).toBeGreaterThan(0);
    const found: string[] = [];
    const menu = new Set([...seen, ...screens]);
    const details = new Map<string, string>();
    try {
      for (const lang of LANGS) {
        await setLanguage(page, lang, token);
        for (const path of screens) {
          const started = Date.now();
          await openInApp(page, path);
          if (process.env.SCAN_DEBUG) console.log(lang, path, Date.now() - started);
          for (const p of problems(lang, await screenText(page))) found.push(`${lang} ${path}: ${p}`);
          if (lang === LANGS[0]) await detailPaths(page, menu, details);
        }
        for (const [shape, path] of details) {
          if (seenDetails.has(shape)) continue;
          await openInApp(page, path);
          for (const p of problems(lang, await screenText(page))) found.push(`${lang} ${path}: ${p}`);
        }
      }
    } finally {
      // The demo accounts are shared with the other specs: give them their Russian back.
      await setLanguage(page, 'ru', token);
    }
    for (const p of screens) seen.add(p);
    for (const shape of details.keys()) seenDetails.add(shape);
    if (process.env.SCAN_DEBUG) console.log(role, [...details.values()]);
    // The member's screens link to lessons, books, news and events (the demo has them all).
    if (role === 'member') expect(details.size).toBeGreaterThanOrEqual(4);
    expect(found).toEqual([]);
  });
}
