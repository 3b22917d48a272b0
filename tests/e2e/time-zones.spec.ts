import { expect, request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { test } from './support/session';
import { catalogues } from '../../src/server/i18n';
import { events } from '../../src/web/features/events/i18n';
import { payments } from '../../src/web/features/payments/i18n';
import { tasks } from '../../src/web/features/tasks/i18n';
import { openEvent, openFromMenu, openLesson } from './support/menu';
import { clickWhenStill } from './support/motion';
import { closeContext } from './support/pool';
import { startInLanguage } from './support/language';

/**
 * One clock (issue 26): the browser runs in UTC, the profile says Asia/Tokyo, and every screen shows
 * the profile's minute — tasks, tickets and their messages, the bell, events, comments and the
 * history. The data is made through the API; the expected text is the instant in Tokyo, which is nine
 * hours off the browser's. Date and time inputs read and write DD/MM/YYYY HH:mm, 24-hour, in en, de, ru.
 */

test.use({ timezoneId: 'UTC' });
test.setTimeout(180_000);

const TOKYO = 'Asia/Tokyo';
const stamp = Date.now().toString(36);
const PASSWORD = `tokyo-${stamp}-password`;

/** An instant as DD/MM/YYYY HH:mm in `timeZone`, computed apart from the app's formatter. */
function shown(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
const hhmm = (iso: string, timeZone: string) => shown(iso, timeZone).slice(11);

/** An instant `days` from now at hh:mm UTC (a minute that is not now, so the rendering cannot be a coincidence). */
function at(days: number, hh: number, mm: number) {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hh, mm)).toISOString();
}

let admin: APIRequestContext;
let tokyoApi: APIRequestContext;
let memberApi: APIRequestContext;
const tokyo = { id: 0, email: `tokyo-${stamp}@e2e.example` };
const member = { id: 0, email: `member-${stamp}@e2e.example`, last: `Member${stamp}` };

async function apiAs(baseURL: string | undefined, email: string) {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const res = await anonymous.post('/api/accounts/login/', { form: { username: email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `JWT ${token}` } });
}

test.beforeAll(async ({ baseURL, adminApi }) => {
  admin = adminApi;
  const made = await admin.post('/api/v1/users/', {
    data: {
      first_name: 'Toki',
      last_name: `Tokyo${stamp}`,
      email: tokyo.email,
      role: 'admin',
      password: PASSWORD,
      language: 'en',
      time_zone: TOKYO,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  tokyo.id = ((await made.json()) as { id: number }).id;
  const m = await admin.post('/api/v1/users/', {
    data: {
      first_name: 'Mia',
      last_name: member.last,
      email: member.email,
      role: 'member',
      password: PASSWORD,
      language: 'en',
      responsible_id: tokyo.id,
    },
  });
  expect(m.status(), await m.text()).toBe(201);
  member.id = ((await m.json()) as { id: number }).id;
  tokyoApi = await apiAs(baseURL, tokyo.email);
  memberApi = await apiAs(baseURL, member.email);
});
test.afterAll(async () => {
  await tokyoApi.dispose();
  await memberApi.dispose();
});

async function logIn(browser: Browser, lang: 'en' | 'de' | 'ru' = 'en') {
  const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  // The interface language, as the app keeps it.
  await startInLanguage(context, lang);
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(tokyo.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/(dashboard|staff-dashboard)$/);
  // The browser really is in UTC: its own rendering of an instant differs from Tokyo's.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
  return page;
}

test('a UTC browser shows a Tokyo profile the same minute on every screen', async ({ browser }) => {
  // An event, a task, a ticket (with the bell's notice), a comment and a history entry.
  const startsAt = at(1, 8, 5);
  const endsAt = at(1, 9, 35);
  const event = await admin.post('/api/admin/events', {
    data: {
      title: `Zoned webinar ${stamp}`,
      starts_at: startsAt,
      ends_at: endsAt,
      is_published: true,
      time_zone: 'UTC',
    },
  });
  expect(event.status(), await event.text()).toBe(201);
  const eventId = ((await event.json()) as { id: number }).id;

  const taskAt = at(3, 2, 41);
  const task = await tokyoApi.post('/api/user_tasks/create/', {
    data: { type: 'call', start_at: taskAt, description: `Call at Tokyo time ${stamp}`, linked_user_id: member.id },
  });
  expect(task.status(), await task.text()).toBe(201);

  const subject = `Which clock ${stamp}`;
  const ticket = await memberApi.post('/api/tickets/create/', {
    data: { type: 'question', subject, message: 'What time is it in Tokyo?' },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const notices = (await (await tokyoApi.get('/api/notifications/')).json()) as {
    results: Array<{ created_at: string; data: { subject?: string } }>;
  };
  const notice = notices.results.find((n) => n.data.subject === subject);
  expect(notice, 'the responsible admin is notified').toBeTruthy();
  const ticketAt = notice!.created_at;

  const lessons = await tokyoApi.post('/api/navigator/lesson/list/', { data: { category: null } });
  expect(lessons.ok(), await lessons.text()).toBeTruthy();
  const lesson = ((await lessons.json()) as { results: Array<{ id: number; title: string }> }).results[0]!;
  const lessonId = lesson.id;
  const comment = await tokyoApi.post('/api/navigator/comments/', {
    data: { text: `Tokyo comment ${stamp}`, lesson: lessonId },
  });
  expect(comment.status(), await comment.text()).toBe(201);
  const commentAt = ((await comment.json()) as { created_at: string }).created_at;

  const logs = (await (
    await tokyoApi.post(`/api/accounts/user/action_logs/?subject_id=${String(member.id)}`)
  ).json()) as { results: Array<{ created_at: string; kind: string }> };
  const created = logs.results.find((l) => l.kind === 'user_created');
  expect(created, 'the history has the member’s creation').toBeTruthy();

  const page = await logIn(browser);

  // The dashboard's events card, from the menu, says whose clock its times are on: the profile's zone,
  // not the browser's.
  await openFromMenu(page, catalogues.en.menu_dashboard);
  await expect(page.getByTestId('dashboard-events')).toContainText(events.en.zone_note.replace('%{zone}', TOKYO));

  // Events: the member's page, the event searched, its card.
  await openEvent(page, 'en', `Zoned webinar ${stamp}`, eventId);
  await expect(page.getByText(`${shown(startsAt, TOKYO)}–${hhmm(endsAt, TOKYO)}`)).toBeVisible();
  await expect(page.getByText(shown(startsAt, 'UTC'))).toHaveCount(0);

  // Tasks: the future tab.
  await openFromMenu(page, catalogues.en.menu_staff_tasks);
  await page.getByRole('tab', { name: new RegExp(tasks.en.tabs.future) }).click();
  const taskRow = page.getByRole('row', { name: new RegExp(`Call at Tokyo time ${stamp}`) });
  await expect(taskRow).toContainText(shown(taskAt, TOKYO));

  // Tickets: the list and the messages.
  await openFromMenu(page, catalogues.en.menu_staff_tickets);
  const ticketRow = page.getByRole('row', { name: new RegExp(subject) });
  await expect(ticketRow).toContainText(shown(ticketAt, TOKYO));
  await ticketRow.click();
  await expect(page.getByRole('dialog').getByTestId('ticket-messages')).toContainText(shown(ticketAt, TOKYO));
  await page.keyboard.press('Escape');

  // The bell (on the tasks page).
  await openFromMenu(page, catalogues.en.menu_staff_tasks);
  await page.getByTestId('notifications-badge').click();
  const bellItem = page.getByRole('listitem').filter({ hasText: subject });
  await expect(bellItem).toContainText(shown(ticketAt, TOKYO));
  await page.keyboard.press('Escape');

  // Comments: Lessons from the menu, the lesson found by its search, then its card.
  await openLesson(page, 'en', lesson.title, lessonId);
  await expect(page.getByTestId('comment').filter({ hasText: `Tokyo comment ${stamp}` })).toContainText(
    shown(commentAt, TOKYO),
  );

  // The history.
  await openFromMenu(page, catalogues.en.menu_staff_action_logs);
  const logRow = page
    .getByRole('row', { name: new RegExp(member.last) })
    .filter({ hasText: shown(created!.created_at, TOKYO) });
  await expect(logRow.first()).toBeVisible();

  // The admin's event form shows the stored instant in the event's own zone (UTC), not the editor's.
  // The content's Event editor from the menu, the event searched for, then at once its row (it is on the
  // first page already), as a person does, on a slow network: the editor's code takes a second and a half
  // to come, the list stays on screen meanwhile, and the search's submit 500 ms after the typing must not
  // take the page back to the list (common/List).
  await openFromMenu(page, catalogues.en.menu_content_events);
  await page.route('**/assets/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fallback();
  });
  await page.getByPlaceholder('Search', { exact: true }).fill(`Zoned webinar ${stamp}`);
  await page.getByRole('row', { name: new RegExp(`Zoned webinar ${stamp}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${String(eventId)}$`));
  await expect(page.locator('input[name="starts_at"]')).toHaveValue(shown(startsAt, 'UTC'));
  await page.unrouteAll();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${String(eventId)}$`));
  await expect(page.locator('input[name="starts_at"]')).toHaveValue(shown(startsAt, 'UTC'));
  await closeContext(page.context());
});

/** react-admin's own button texts in the interface language. */
const RA = {
  en: { create: 'Create', add_filter: 'Add filter' },
  de: { create: 'Erstellen', add_filter: 'Filter hinzufügen' },
  ru: { create: 'Создать', add_filter: 'Добавить фильтр' },
} as const;

/** The calendar's month heading in the interface language. */
const DECEMBER = { en: /December/, de: /Dezember/, ru: /декабр/i } as const;

for (const lang of ['en', 'de', 'ru'] as const) {
  test(`date and time inputs read and write DD/MM/YYYY HH:mm, 24-hour, in ${lang}`, async ({ browser }) => {
    const page = await logIn(browser, lang);
    await openFromMenu(page, catalogues[lang].menu_content_events);
    await page.getByRole('link', { name: RA[lang].create, exact: true }).click();
    const starts = page.locator('input[name="starts_at"]');
    await starts.fill('24/12/2030 18:30');
    await expect(starts).toHaveValue('24/12/2030 18:30');
    await starts.press('Tab');
    await expect(starts).toHaveValue('24/12/2030 18:30');
    // The picker's clock has no AM/PM.
    await page
      .getByRole('button', { name: /choose date|datum|дату/i })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toContainText(DECEMBER[lang]);
    await expect(page.getByText(/^(AM|PM)$/)).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A date filter: the payments list, its "created from" added through the filter button. The event
    // typed above is left unsaved: the form asks first, and the person leaves.
    page.once('dialog', (d) => void d.accept());
    await openFromMenu(page, catalogues[lang].menu_staff_payments);
    await page.getByRole('button', { name: RA[lang].add_filter }).click();
    await clickWhenStill(page.getByRole('menuitemcheckbox', { name: payments[lang].staff.fields.date_from }));
    const from = page.locator('input[name="date_from"]');
    await from.fill('01/02/2030');
    await expect(from).toHaveValue('01/02/2030');
    await expect(page).toHaveURL(/2030-02-01/);
    await closeContext(page.context());
  });
}
