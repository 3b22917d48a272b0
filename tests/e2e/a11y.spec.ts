import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { openFromMenu } from './support/menu';
import { openInApp } from './support/screens';
import { signIn, test } from './support/session';
import { rememberLanguage } from './support/language';

/**
 * axe-core over every screen, as the role that uses it, the screens taking the three languages in turn:
 * no serious or critical violation. (axe-core is injected as a script; @axe-core/playwright needs a newer Node.)
 */
// axe is injected as a script, which the app's own Content-Security-Policy (rightly) forbids.
test.use({ bypassCSP: true });

const AXE = fileURLToPath(import.meta.resolve('axe-core/axe.min.js'));
const LANGS = ['ru', 'en', 'de'] as const;

const SCREENS: Record<'anonymous' | 'member' | 'consultant' | 'admin', string[]> = {
  anonymous: ['/login', '/register', '/recover-password'],
  member: [
    '/dashboard',
    '/lessons',
    '/books',
    '/news',
    '/events',
    '/broadcasts',
    '/subscription',
    '/contacts',
    '/team',
    '/flows',
    '/profile/view',
    '/profile/edit',
    '/profile/settings',
    '/profile/password',
  ],
  consultant: [
    '/staff-dashboard',
    '/staff/tasks',
    '/staff/tickets',
    '/staff/list',
    '/staff/users_imports',
    '/staff/action_logs',
  ],
  admin: [
    '/users',
    '/outbox',
    '/admin/lesson-categories',
    '/admin/lessons',
    '/admin/books',
    '/admin/news',
    '/admin/events',
    '/admin/broadcasts',
    '/admin/packages',
    '/admin/configs',
    '/admin/footer-links',
  ],
};

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/** Axe's serious and critical violations on the page as it is; axe must be on the page (addScriptTag). */
async function audit(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** The interface in `lang` (the account's language too, when signed in), after a reload. */
async function setLanguage(page: Page, lang: string, signedIn: boolean) {
  if (signedIn) {
    const token = await page.evaluate(() => localStorage.getItem('atrium:token'));
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

for (const [who, paths] of Object.entries(SCREENS)) {
  test(`axe: ${who} screens, each in one of ru, en, de, have no serious or critical violations`, async ({ page }) => {
    // Axe is CPU work: room for a loaded machine.
    test.setTimeout(60_000 + paths.length * 10_000);
    if (who === 'anonymous') await page.goto('/login');
    else await signIn(page, `${who}@demo.atrium`);
    const found: string[] = [];
    try {
      for (const [i, lang] of LANGS.entries()) {
        // One load per language; its screens are then opened inside the app, as the menu opens them.
        await setLanguage(page, lang, who !== 'anonymous');
        await page.addScriptTag({ path: AXE });
        // Each screen in one language, the languages taking turns: what axe checks (roles, names, contrast)
        // is the same in every language, and a name missing in one language is a catalogue gap that the
        // language scan finds on every screen in all three (it reads aria-labels, titles and placeholders).
        for (const path of paths.filter((_, n) => n % LANGS.length === i)) {
          await openInApp(page, path);
          // Audit the screen, not its loading state: spinners go once the data is there. A spinner that
          // never goes is audited as it is.
          await expect(page.locator('.MuiCircularProgress-root'))
            .toHaveCount(0, { timeout: 15_000 })
            .catch(() => {});
          for (const v of await audit(page)) found.push(`${lang} ${path}: ${v}`);
        }
      }
    } finally {
      // The demo accounts are shared with the other specs: give them their Russian back.
      if (who !== 'anonymous') await setLanguage(page, 'ru', true);
    }
    expect(found).toEqual([]);
  });
}

test('axe: the AppBar loading spinner is named in ru, en, de while a list loads', async ({ page }) => {
  await signIn(page, 'admin@demo.atrium');
  const names = { ru: 'Загрузка…', en: 'Loading…', de: 'Wird geladen…' } as const;
  try {
    for (const lang of LANGS) {
      await setLanguage(page, lang, true);
      await openFromMenu(page, catalogues[lang].menu_users);
      await expect(page).toHaveURL(/\/users$/);
      await page.waitForLoadState('networkidle');
      // Hold the news list back, so react-admin's AppBar spinner stays on while axe looks at it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/admin/news**', async (route) => {
        await held;
        // The page may have moved on meanwhile, which cancels the request.
        await route.continue().catch(() => {});
      });
      await openFromMenu(page, catalogues[lang].menu_content_news);
      const spinner = page.locator('.app-loader');
      await expect(spinner).toBeVisible();
      await expect(spinner).toHaveAccessibleName(names[lang]);
      await page.addScriptTag({ path: AXE });
      // Polled while the list is still held: on a slow machine the AppBar can re-render (the language
      // settling) between the check above and axe's run; a spinner that stays nameless still fails.
      await expect
        .poll(async () => (await audit(page)).filter((v) => v.includes('aria-progressbar-name')), { timeout: 10_000 })
        .toEqual([]);
      await expect(spinner).toBeVisible();
      release();
      await page.unroute('**/api/admin/news**');
    }
  } finally {
    await setLanguage(page, 'ru', true);
  }
});
