import { expect, type Page, type Route } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { actionLogs } from '../../src/web/features/action-logs/i18n';
import { core } from '../../src/web/i18n/core';
import { staff } from '../../src/web/features/staff/i18n';
import { team } from '../../src/web/features/team/i18n';
import { clickWhenStill } from './support/motion';
import { openFromMenu } from './support/menu';
import { signIn, test } from './support/session';

/**
 * Refusals and failures on every staff page, with the page's own call stubbed (page.route): a 403
 * shows the refusal with a way back, a 500 the error with "Try again", which works once the call
 * answers again. Then view-as of someone out of reach and a lead's brief, both refused on the page.
 */

const LANGS = ['en', 'ru', 'de'] as const;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text in whichever of the three languages the page is in. */
const anyLang = (pick: (lang: (typeof LANGS)[number]) => string) =>
  new RegExp(LANGS.map((l) => escape(pick(l))).join('|'));

const REFUSED_PAGE = anyLang((l) => staff[l].refusal.page);
const SERVER_ERROR = anyLang((l) => core[l].errors.server);
const TRY_AGAIN = anyLang((l) => staff[l].try_again);
const BACK = anyLang((l) => staff[l].refusal.back);

const menu = catalogues.ru;
/** Each staff page as the (Russian) admin opens it: its menu entry, and for the waiting leads Team's tab. */
const PAGES = [
  { name: 'statistics', entry: menu.menu_staff_dashboard, api: /\/api\/accounts\/dashboard\/statistics\/$/ },
  { name: 'tasks', entry: menu.menu_staff_tasks, api: /\/api\/user_tasks\/list\// },
  { name: 'tickets', entry: menu.menu_staff_tickets, api: /\/api\/tickets\/consultant\/list\// },
  { name: 'staff list', entry: menu.menu_staff_list, api: /\/api\/v1\/users\// },
  { name: 'imports', entry: menu.menu_staff_imports, api: /\/api\/accounts\/import_users\/list\// },
  { name: 'action history', entry: menu.menu_staff_action_logs, api: /\/api\/accounts\/user\/action_logs\// },
  { name: 'waiting leads', entry: menu.menu_team, tab: team.ru.tabs.waiting, api: /\/api\/team\/get_waiting_users\// },
];

const answer = (status: number) => (route: Route) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify(
      status === 403
        ? { detail: 'You do not have permission to perform this action.', code: 'permission_denied' }
        : { detail: 'boom', code: 'server_error' },
    ),
  });

/** Signs `page` in as the demo admin and opens the dashboard. */
const logIn = (page: Page) => signIn(page, 'admin@demo.atrium');

test.setTimeout(240_000);

test('every staff page shows a refusal for 403 and the error with a working "Try again" for 500', async ({ page }) => {
  await logIn(page);
  for (const { name, entry, tab, api } of PAGES) {
    await test.step(name, async () => {
      await page.route(api, answer(403));
      await openFromMenu(page, entry);
      if (tab) await page.getByRole('tab', { name: tab }).click();
      const refusal = page.getByTestId('refusal').first();
      await expect(refusal).toContainText(REFUSED_PAGE);
      await expect(refusal.getByRole('button', { name: BACK })).toBeVisible();
      await page.unroute(api);

      await page.route(api, answer(500));
      await page.reload();
      const failure = page.getByTestId('failure').first();
      await expect(failure).toContainText(SERVER_ERROR);
      await expect(page.getByTestId('refusal')).toHaveCount(0);
      await page.unroute(api);
      await failure.getByRole('button', { name: TRY_AGAIN }).click();
      await expect(page.getByTestId('failure')).toHaveCount(0);
    });
  }
});

test('view-as of an employee out of reach and the brief of a lead are refused on the page', async ({
  page,
  adminApi,
}) => {
  const consultant = (await (await adminApi.get('/api/v1/users/?search=consultant%40demo.atrium')).json()) as {
    results: Array<{ id: number }>;
  };
  const pk = consultant.results[0]!.id;
  await logIn(page);

  // The consultant from the "View as" picker of the statistics page, the figures refused from then on.
  await openFromMenu(page, menu.menu_staff_dashboard);
  const stats = /\/api\/accounts\/dashboard\/statistics\/$/;
  await page.route(stats, answer(403));
  await page.getByRole('combobox', { name: staff.ru.view_as.open }).fill('Konstantin');
  await clickWhenStill(page.getByRole('option', { name: 'Konstantin Berater' }));
  await expect(page).toHaveURL(new RegExp(`/staff-dashboard/view-as/${String(pk)}$`));
  await expect(page.getByTestId('refusal')).toContainText(anyLang((l) => staff[l].refusal.view_as));
  // No workspace of "#id" with empty figures: only the refusal, whose way back is the own dashboard.
  await expect(page.getByTestId('view-as-banner')).toHaveCount(0);
  await page.getByTestId('refusal').getByRole('button', { name: BACK }).click();
  await expect(page).toHaveURL(/\/staff-dashboard$/);
  await page.unroute(stats);

  const leads = /\/api\/team\/get_waiting_users\//;
  await page.route(leads, answer(403));
  await page.goto('/waiting-leads/1/show');
  await expect(page.getByTestId('refusal')).toContainText(anyLang((l) => staff[l].refusal.person));
  await page.unroute(leads);
});

test('a history with nothing in it yet says what it will hold, not that no filter matches', async ({ page }) => {
  await logIn(page);
  const empty = { count: 0, next: null, previous: null, current: 1, total_count: 0, results: [] };
  await page.route(/\/api\/accounts\/user\/action_logs\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(empty) }),
  );
  await openFromMenu(page, menu.menu_staff_action_logs);
  await expect(page.getByText(actionLogs.ru.none_yet)).toBeVisible();
  await expect(page.getByText(actionLogs.ru.empty)).toHaveCount(0);
});
