import { expect, type Page } from '@playwright/test';
import { test } from './support/session';

/**
 * The routing rules of the spec (section 2), over its route table: public screens are reachable logged
 * out, every other path sends a logged-out user to /login, a logged-in user on / or /login lands on
 * their dashboard (a member's /dashboard, staff's /staff-dashboard), and unknown paths go to / (and
 * from there on).
 */

/** Public routes and the Russian heading each one shows (default locale). */
const PUBLIC_ROUTES: Array<{ path: string; heading: string }> = [
  { path: '/login', heading: 'Вход в Atrium' },
  { path: '/register', heading: 'Регистрация' },
  { path: '/register/PROMO123', heading: 'Регистрация' },
  { path: '/email-required', heading: 'Подтвердите email' },
  { path: '/recover-password', heading: 'Восстановление пароля' },
  { path: '/password-reset/some-reset-token', heading: 'Новый пароль' },
  { path: '/reset-credentials/some-reset-token', heading: 'Новые данные для входа' },
  { path: '/token-auth-bot?token=no-such-token', heading: 'Не удалось войти' },
  { path: '/email-change/some-change-token', heading: 'Подтвердите новый email' },
  { path: '/credentials-undo/some-undo-token', heading: 'Отменить изменение' },
];

/** Every other route of the spec's table (staff and main areas), plus an unknown path. */
const PROTECTED_ROUTES = [
  '/',
  '/dashboard',
  '/staff-dashboard',
  '/staff-dashboard/view-as/1',
  '/staff/list',
  '/staff/tasks',
  '/staff/tasks/view-as/1',
  '/staff/tickets',
  '/staff/tickets/view-as/1',
  '/staff/users_imports',
  '/staff/action_logs',
  '/user/view-details/1',
  '/user/new-request/1',
  '/subscription',
  '/books',
  '/books/1',
  '/lessons',
  '/lessons/category/1',
  '/lesson/view/1',
  '/news',
  '/news/view/1',
  '/team',
  '/contacts',
  '/flows',
  '/flows/edit_landing/1',
  '/events',
  '/events/view/1',
  '/profile',
  '/profile/view',
  '/profile/edit',
  '/profile/settings',
  '/profile/password',
  '/users',
  '/no/such/page',
];

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

test.describe('logged out', () => {
  // One browser walks the whole table (a step per route): each route is still a full page load, and
  // the app's files come from the browser's cache after the first, as they would for a person.
  test('every public route is reachable', async ({ page }) => {
    for (const { path, heading } of PUBLIC_ROUTES) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(pathOf(page.url())).toBe(path);
        expect(await page.evaluate(() => localStorage.getItem('atrium:token'))).toBeNull();
      });
    }
  });

  test('every other route sends the user to /login', async ({ page }) => {
    for (const path of PROTECTED_ROUTES) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Вход в Atrium' })).toBeVisible();
      });
    }
  });

  test('the promo code of /register/:promo is filled in', async ({ page }) => {
    await page.goto('/register/PROMO123');
    await expect(page.getByLabel('Промокод')).toHaveValue('PROMO123');
  });

  test('a spinner shows while the login status is unknown', async ({ page }) => {
    // Hold the calls of a logged-in start (the profile, the route check and the menus the app asks for as
    // it starts) so the status stays unknown for a while.
    await page.goto('/healthz');
    await page.evaluate(() => {
      localStorage.setItem('atrium:token', 'not-a-real-token');
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('status')).toContainText('Загрузка…');
    await expect(page.getByRole('status').locator('.MuiCircularProgress-root')).toBeVisible();
    release();
    // The made-up token is refused: the session ends and the user lands on /login.
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('logged in', () => {
  let session: { token: string; user: unknown };

  test.beforeAll(async ({ request }) => {
    const res = await request.post('/api/accounts/login/', {
      form: { username: 'consultant@demo.atrium', password: 'demo-password' },
    });
    expect(res.ok()).toBeTruthy();
    session = await res.json();
    expect(session.token).toBeTruthy();
  });

  // The session where a login leaves it, set from the origin's health check (no app load of its own).
  test.beforeEach(async ({ page }) => {
    await page.goto('/healthz');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('atrium:token', token);
      localStorage.setItem('atrium:user', JSON.stringify(user));
    }, session);
  });

  /** The paths the app passes through, including history pushes and replaces. */
  const visited = (page: Page) => {
    const paths: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) paths.push(pathOf(frame.url()));
    });
    return paths;
  };

  // A consultant's first screen is the staff dashboard (issue #40 finding 17); a member's is /dashboard.
  for (const path of ['/', '/login']) {
    test(`${path} goes to the consultant's /staff-dashboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/staff-dashboard$/);
      await expect(page.locator('[data-testid^="metric-"]').first()).toBeVisible();
    });
  }

  test('an unknown path goes to / and then to /staff-dashboard', async ({ page }) => {
    const paths = visited(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/staff-dashboard$/);
    expect(paths[0]).toBe('/no/such/page');
    expect(paths).toContain('/');
    expect(paths.indexOf('/')).toBeLessThan(paths.lastIndexOf('/staff-dashboard'));
  });

  test('a protected route opens without a detour to /login', async ({ page }) => {
    const paths = visited(page);
    await page.goto('/profile/view');
    await expect(page).toHaveURL(/\/profile\/view$/);
    await page.waitForLoadState('networkidle');
    expect(paths).not.toContain('/login');
  });
});
