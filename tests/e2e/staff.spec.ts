import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { statistics } from '../../src/web/features/statistics/i18n';
import { tasks } from '../../src/web/features/tasks/i18n';
import { tickets } from '../../src/web/features/tickets/i18n';
import { staff } from '../../src/web/features/staff/i18n';
import { zoneAtNoon } from '../setup/zone';
import { clickWhenStill } from './support/motion';
import { openFromMenu } from './support/menu';
import { VIEWPORTS, apiAs, signedInPage, test } from './support/session';
import { saveShot } from './support/screens';
import { rememberLanguage } from './support/language';

/**
 * The staff workspace against the real server: a consultant plans a call in 15 minutes about a lead,
 * completes it with a result and sees today's completed tasks go up by one; a member opens a request,
 * the consultant takes it, answers and completes it, and the member sees the answer; an admin opens
 * view-as for the consultant, sees the banner and their tasks, and leaves. Screenshots in ru and en,
 * phone and desktop.
 */

const ru = staff.ru;
const stamp = Date.now().toString(36);

let adminApi: APIRequestContext;
let consultantApi: APIRequestContext;
let consultantId: number;
let consultantTimeZone: string;
/** The zone the run borrows for the consultant (see beforeAll). */
let borrowedZone: string;

// Screenshots in two languages and two sizes on a shared 2-core machine take their time.
test.setTimeout(240_000);

test.beforeAll(async ({ baseURL }) => {
  adminApi = await apiAs(baseURL, 'admin@demo.atrium');
  consultantApi = await apiAs(baseURL, 'consultant@demo.atrium');
  const me = (await (await consultantApi.get('/api/accounts/me/')).json()) as { id: number; time_zone: string };
  consultantId = me.id;
  consultantTimeZone = me.time_zone;
  // Today's tab ends at midnight in the consultant's zone; the run borrows one where it is noon.
  borrowedZone = zoneAtNoon();
  const moved = await consultantApi.put('/api/accounts/me/', { data: { time_zone: borrowedZone } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
});
test.afterAll(async () => {
  if (consultantTimeZone) await consultantApi.put('/api/accounts/me/', { data: { time_zone: consultantTimeZone } });
  await adminApi.dispose();
  await consultantApi.dispose();
});

/** A desktop browser signed in as `email`, on the dashboard (the login screen is foundation.spec's subject). */
const logIn = (browser: Browser, email: string) => signedInPage(browser, email);

async function completedToday(): Promise<number> {
  const res = await consultantApi.post('/api/accounts/dashboard/statistics/', { data: {} });
  return Number(((await res.json()) as { completed_tasks: { value: number | string } }).completed_tasks.value);
}

async function expectNoRawKeys(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text).not.toContain('atrium.');
}

async function shoot(page: Page, name: string, lang: 'ru' | 'en', ready: () => Promise<void>) {
  for (const [device, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.reload();
    await ready();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.evaluate(() => document.fonts.ready);
    await expectNoRawKeys(page);
    // Nothing wider than the screen (a wide table scrolls in its own box).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await saveShot(page, `staff-${name}-${lang}-${device}`);
  }
}

test('a consultant plans a call in 15 minutes about a lead, completes it, and today’s completed tasks go up', async ({
  browser,
}) => {
  const leadName = `Lina${stamp}`;
  const lead = await adminApi.post('/api/v1/users/', {
    data: {
      email: `lead-${stamp}@e2e.example`,
      first_name: leadName,
      last_name: 'Lead',
      role: 'member',
      lead_status: 'processing',
      responsible_id: consultantId,
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const leadId = ((await lead.json()) as { id: number }).id;
  const before = await completedToday();

  const page = await logIn(browser, 'consultant@demo.atrium');
  await openFromMenu(page, catalogues.ru.menu_staff_tasks);
  await page.getByRole('button', { name: tasks.ru.create }).click();
  const dialog = page.getByRole('dialog');
  // Saving without a start time and description gives the spec's messages.
  await dialog.getByRole('button', { name: tasks.ru.save }).click();
  await expect(dialog.getByText(tasks.ru.select_start)).toBeVisible();
  await dialog.getByTestId('task-start').locator('..').click();
  await clickWhenStill(page.getByRole('option', { name: tasks.ru.start_in['15'] }));
  await dialog.getByRole('combobox', { name: tasks.ru.fields.linked_user }).fill(leadName);
  await clickWhenStill(page.getByRole('option', { name: new RegExp(leadName) }));
  await dialog.locator('textarea[name="description"]').fill('Call about the autumn course');
  await dialog.getByRole('button', { name: tasks.ru.save }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(leadName) });
  await expect(row).toContainText('Call about the autumn course');
  await row.getByRole('button', { name: tasks.ru.complete }).click();
  const done = page.getByRole('dialog');
  await done.locator('textarea[name="result"]').fill('Signed up for the course');
  await done.getByRole('button', { name: tasks.ru.complete }).click();
  await expect(done).toBeHidden();
  await page.getByTestId('tab-completed').click();
  await expect(page.getByRole('row', { name: new RegExp(leadName) })).toContainText('Signed up for the course');
  // A tab and the search at once, both orders: the last action wins. The tab is a field of the search's
  // form, so no submit of the search puts back the tab it saw before a pick (read from the address, which
  // holds the list's filter: the table alone looks right for a moment before a late submit).
  const search = page.getByPlaceholder(tasks.ru.search, { exact: true });
  const filterOf = () => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as unknown;
  await page.getByTestId('tab-today').click();
  await search.fill(leadName);
  // The old tab kept would show the completed task; a lost search, the whole today tab.
  await expect.poll(filterOf).toEqual({ tab: 'today', q: leadName });
  await expect(page.getByTestId('tab-today')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: new RegExp(leadName) })).toHaveCount(0);
  await search.fill('');
  await page.getByTestId('tab-completed').click();
  // The old tab kept would show today without the search: no completed task.
  await expect.poll(filterOf).toEqual({ tab: 'completed' });
  await expect(page.getByTestId('tab-completed')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: new RegExp(leadName) })).toContainText('Signed up for the course');
  // Whose clock the times are on is said (the browser may be elsewhere), and the person a task is about
  // opens from its row: the row has no page of its own, and the name was plain text.
  await expect(page.getByText(tasks.ru.zone_note.replace('%{zone}', borrowedZone))).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(leadName) })
    .getByRole('link', { name: `${leadName} Lead` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/user/view-details/${String(leadId)}$`));
  await expect(page.getByRole('main').getByRole('heading', { name: `${leadName} Lead` })).toBeVisible();

  await openFromMenu(page, catalogues.ru.menu_staff_dashboard);
  await expect(page.getByTestId('metric-completed_tasks-value')).toHaveText(String(before + 1));
  // The employees' names under the bars are not covered by the table below the chart.
  const bottomOf = (el: Element) => el.getBoundingClientRect().bottom;
  const topOf = (el: Element) => el.getBoundingClientRect().top;
  // Polled: the page settles its layout as its parts load (a clean clone once measured it mid-way).
  await expect
    .poll(
      async () =>
        (await page.locator('main .MuiChartsSurface-root').first().evaluate(bottomOf)) -
        (await page.locator('main table').first().evaluate(topOf)),
    )
    .toBeLessThanOrEqual(0);
  expect(await completedToday()).toBe(before + 1);

  await shoot(page, 'dashboard', 'ru', () => expect(page.getByTestId('metric-completed_tasks-value')).toBeVisible());
  await openFromMenu(page, catalogues.ru.menu_staff_tasks);
  await page.getByTestId('tab-completed').click();
  await shoot(page, 'tasks', 'ru', () => expect(page.getByTestId('tab-today')).toBeVisible());
  // English: the app's own switch changes the interface and the server's messages together.
  const token = await page.evaluate(() => localStorage.getItem('atrium:token'));
  await page.request.post('/api/accounts/set_language/', {
    headers: { Authorization: `JWT ${token}` },
    data: { language: 'en' },
  });
  await rememberLanguage(page, 'en');
  // The menu is still Russian here: shoot's reloads bring the English interface.
  await openFromMenu(page, catalogues.ru.menu_staff_dashboard);
  await shoot(page, 'dashboard', 'en', () => expect(page.getByText(statistics.en.by_staff)).toBeVisible());
  await openFromMenu(page, catalogues.en.menu_staff_tasks);
  await shoot(page, 'tasks', 'en', () => expect(page.getByTestId('tab-today')).toContainText(tasks.en.tabs.today));
  await page.request.post('/api/accounts/set_language/', {
    headers: { Authorization: `JWT ${token}` },
    data: { language: 'ru' },
  });
});

test('a member opens a request; the consultant takes it, answers and completes it', async ({ browser }) => {
  const subject = `Lesson video ${stamp}`;
  const member = await logIn(browser, 'member@demo.atrium');
  await openFromMenu(member, catalogues.ru.menu_support);
  await member.getByRole('link', { name: tickets.ru.my.new }).click();
  await expect(member).toHaveURL(/\/user\/new-request\/new$/);
  await member.getByRole('button', { name: tickets.ru.request.submit }).click();
  await expect(member.getByText(tasks.ru.fill_field).first()).toBeVisible();
  await member.getByRole('combobox', { name: tickets.ru.request.type }).click();
  await clickWhenStill(member.getByRole('option').first());
  await member.locator('input[name="subject"]').fill(subject);
  await member.locator('textarea[name="message"]').fill('The video of lesson 3 does not start.');
  await member.getByRole('button', { name: tickets.ru.request.submit }).click();
  await expect(member.getByTestId('request-sent')).toBeVisible();
  await expect(member).toHaveURL(/\/user\/new-request\/\d+$/);
  await shoot(member, 'request', 'ru', () => expect(member.getByTestId('request-sent')).toBeVisible());

  const page = await logIn(browser, 'consultant@demo.atrium');
  await openFromMenu(page, catalogues.ru.menu_staff_tickets);
  // The page's title keeps its word whole beside the view-as picker (it was squeezed to "Заявк / и").
  const heading = page.getByRole('heading', { level: 1, name: tickets.ru.title });
  await expect(heading).toBeVisible();
  expect(
    await heading.evaluate((el) => {
      const lines = document.createRange();
      lines.selectNodeContents(el);
      return lines.getClientRects().length;
    }),
  ).toBe(1);
  await page.getByRole('row', { name: new RegExp(subject) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: tickets.ru.take }).click();
  await expect(dialog.getByTestId('ticket-status')).toHaveText('В работе');
  await dialog.locator('textarea[name="comment"]').fill('Please reload the page, it works again.');
  await dialog.getByRole('button', { name: tickets.ru.add_comment }).click();
  await expect(dialog.getByTestId('ticket-messages')).toContainText('Please reload the page, it works again.');
  // A reload shows the request still open: its dialog is in the address (`?ticket=<id>`).
  await shoot(page, 'ticket', 'ru', () => expect(dialog.getByTestId('ticket-status')).toHaveText('В работе'));
  await page.getByRole('dialog').getByRole('button', { name: tickets.ru.complete }).click();
  await expect(page.getByRole('dialog').getByTestId('ticket-status')).toHaveText('Выполнена');
  // A status tab and the search at once, both orders: the last action wins (the tab is a field of the
  // search's form; read from the address's filter, as the table alone looks right before a late submit).
  // Escape closes the dialog after Complete: the keyboard's focus stayed in it (its Close button), though
  // the button pressed is gone.
  await expect(page.getByRole('dialog').getByRole('button', { name: tickets.ru.close })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  const search = page.getByPlaceholder(tickets.ru.search, { exact: true });
  const filterOf = () => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as unknown;
  await page.getByTestId('tab-in_progress').click();
  await search.fill(subject);
  // "All" kept would show the completed request.
  await expect.poll(filterOf).toEqual({ status: 'in_progress', q: subject });
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toHaveCount(0);
  await search.fill('');
  await page.getByTestId('tab-completed').click();
  // "In progress" kept would show no completed request.
  await expect.poll(filterOf).toEqual({ status: 'completed' });
  await expect(page.getByTestId('tab-completed')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toBeVisible();

  await member.reload();
  await expect(member.getByTestId('ticket-messages')).toContainText('Please reload the page, it works again.');
  await expect(member.getByText('Выполнена').first()).toBeVisible();
});

test('a manager opens view-as for a consultant, sees the banner and their tasks, and leaves', async ({ browser }) => {
  const member = (
    (await (await consultantApi.get('/api/user_tasks/get_users_to_link/')).json()) as Array<{ id: number }>
  )[0]!;
  const task = await consultantApi.post('/api/user_tasks/create/', {
    data: { type: 'meet', start_in: '30', description: `Coffee ${stamp}`, linked_user_id: member.id },
  });
  expect(task.status(), await task.text()).toBe(201);
  const page = await logIn(browser, 'admin@demo.atrium');
  // Tasks from the menu, then the consultant in its "View as" picker.
  await openFromMenu(page, catalogues.ru.menu_staff_tasks);
  await page.getByRole('combobox', { name: ru.view_as.open }).fill('Konstantin');
  await clickWhenStill(page.getByRole('option', { name: 'Konstantin Berater' }));
  await expect(page).toHaveURL(new RegExp(`/staff/tasks/view-as/${String(consultantId)}$`));
  const banner = page.getByTestId('view-as-banner');
  await expect(banner).toContainText('Konstantin Berater');
  await expect(page.getByRole('row', { name: new RegExp(`Coffee ${stamp}`) })).toBeVisible();
  await shoot(page, 'view-as', 'ru', () => expect(page.getByTestId('view-as-banner')).toBeVisible());
  await banner.getByRole('link', { name: ru.view_as.leave }).click();
  await expect(page).toHaveURL(/\/staff\/tasks$/);
  await expect(page.getByTestId('view-as-banner')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(`Coffee ${stamp}`) })).toHaveCount(0);
});

test('a consultant manages the consultants of their structure in the roster', async ({ browser }) => {
  // A consultant the demo consultant looks after; the admin and strangers stay out of the roster.
  const made = await adminApi.post('/api/v1/users/', {
    data: {
      first_name: 'Clara',
      last_name: `Junior${stamp}`,
      email: `clara-${stamp}@e2e.example`,
      role: 'consultant',
      responsible_id: consultantId,
      password: `clara-${stamp}-password`,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const page = await logIn(browser, 'consultant@demo.atrium');
  await openFromMenu(page, catalogues.ru.menu_staff_list);
  const row = page.locator('tbody tr').filter({ hasText: `Junior${stamp}` });
  await expect(row).toContainText('Активен');
  await expect(page.locator('tbody')).not.toContainText('admin@demo.atrium');
  await expect(page.getByText('У вас нет прав на это действие')).toHaveCount(0);
  await row.getByRole('button', { name: 'Заблокировать' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
  await expect(row).toContainText('Заблокирован');
  // On a phone the roster is a card per consultant, the actions under the name.
  await shoot(page, 'roster', 'ru', () => expect(page.getByText(`Clara Junior${stamp}`)).toBeVisible());

  // Removing her asks first, and whom her people go to (`?remove=<id>`): sent without a choice, it says
  // so and removes nobody; with one, she leaves the roster.
  await row.getByRole('button', { name: 'Удалить' }).click();
  await expect(page).toHaveURL(/[?&]remove=\d+/);
  const remove = page.getByRole('dialog');
  await expect(remove).toContainText(`Clara Junior${stamp}`);
  await remove.getByRole('button', { name: 'Удалить' }).click();
  await expect(remove.getByText('Пожалуйста, выберите консультанта')).toBeVisible();
  await remove.getByRole('combobox', { name: 'Передать консультанту' }).click();
  await clickWhenStill(page.getByRole('option', { name: /Konstantin Berater/ }));
  await remove.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Пользователь удалён')).toBeVisible();
  await expect(remove).toBeHidden();
  await expect(row).toHaveCount(0);
});
