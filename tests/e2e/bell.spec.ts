import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { notifications } from '../../src/web/features/notifications/i18n';
import { team } from '../../src/web/features/team/i18n';
import { openFromMenu } from './support/menu';
import { pickTab } from './support/motion';
import { apiAs, LANGUAGE_WALKS, signedInPage, test, VIEWPORTS } from './support/session';
import { onlyOnShift, setOnShift, takeWaitingLeads } from './support/work-times';

/**
 * The live bell in the app bar of every staff page, pushed by the server: a lead given up by
 * consultant A goes back to the waiting leads and is offered to consultant B, whose bell shows it
 * without a reload; A takes it to work and the offer leaves B's bell at once, unread count included.
 * With the stream cut, the bell says it polls.
 */
const ru = { notifications: notifications.ru };
const stamp = Date.now().toString(36);
const PASSWORD = 'bell-password-1';

let admin: APIRequestContext;

test.setTimeout(180_000);

test.beforeAll(({ adminApi }) => {
  admin = adminApi;
});

async function createUser(data: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/v1/users/', { data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function consultant(name: string, language = 'ru'): Promise<{ id: number; email: string }> {
  const email = `bell-${name}-${stamp}@staff.atrium`;
  const id = await createUser({
    email,
    first_name: name,
    last_name: 'Glockner',
    role: 'consultant',
    password: PASSWORD,
    language,
    time_zone: 'Europe/Berlin',
  });
  return { id, email };
}

/** A desktop browser signed in as `email`, on the dashboard (the login screen is foundation.spec's subject). */
const logIn = (browser: Browser, email: string): Promise<Page> => signedInPage(browser, email, { password: PASSWORD });

const bell = (page: Page) => page.getByTestId('notifications-bell');

/** The bell's unread count, read from its name ("Уведомления 3"; no number is none). */
async function unread(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  expect(name.startsWith(ru.notifications.title), name).toBe(true);
  return Number(name.slice(ru.notifications.title.length).trim() || 0);
}

test('an offer leaves every bell the moment the lead is taken, without a reload', async ({ browser, baseURL }) => {
  const a = await consultant('Anna');
  const b = await consultant('Boris');
  // B alone is on shift all week, so routing offers the lead to B (A gave it up and is never offered it again).
  // Nobody else's leads left waiting: B's counts below are B's own offer, not the routing's minute sweep.
  await takeWaitingLeads(admin);
  await onlyOnShift(admin, b.id);
  const leadName = `Lead${stamp}`;
  const lead = await createUser({
    email: `bell-lead-${stamp}@example.com`,
    first_name: leadName,
    last_name: 'Offer',
    role: 'member',
    lead_status: 'processing',
    responsible_id: a.id,
  });

  const pageA = await logIn(browser, a.email);
  const pageB = await logIn(browser, b.email);
  // The bell is in the app bar of every staff page, not only on Statistics and Tasks.
  // Each as a person opens it: the dashboard A starts on, Tasks from the menu, the waiting leads as Team's tab.
  await expect(bell(pageA)).toBeVisible();
  await openFromMenu(pageA, catalogues.ru.menu_staff_tasks);
  await expect(pageA).toHaveURL(/\/staff\/tasks$/);
  await expect(bell(pageA)).toBeVisible();
  await openFromMenu(pageA, catalogues.ru.menu_team);
  await pickTab(pageA.getByRole('tab', { name: team.ru.tabs.waiting }));
  await expect(bell(pageA)).toBeVisible();
  await expect(bell(pageB)).toBeVisible();
  // B, on shift all week, is also offered the leads earlier specs left waiting (the routing's minute
  // sweep), so the counts below are B's count before and after, not absolute.
  const before = await unread(pageB);

  // A gives the lead up: back to the waiting leads, routed to B; B's bell counts it without a reload.
  const apiA = await apiAs(baseURL, a.email, PASSWORD);
  const rejected = await apiA.post('/api/team/reject_responsible_user/', { data: { user_id: lead } });
  expect(rejected.ok(), await rejected.text()).toBeTruthy();
  await expect.poll(() => unread(pageB), { timeout: 30_000 }).toBeGreaterThan(before);
  const menuB = pageB.getByTestId('notifications-menu');
  const offer = menuB.getByTestId('notification').filter({ hasText: leadName });
  await bell(pageB).click();
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: ru.notifications.take })).toBeVisible();
  await expect(menuB.getByTestId('notifications-polling')).toHaveCount(0);
  const withOffer = await unread(pageB);

  // A takes it to work (the waiting-leads queue's call): the offer leaves B's open bell at once.
  const taken = await apiA.post('/api/leads/take/', { data: { user_id: lead } });
  expect(taken.ok(), await taken.text()).toBeTruthy();
  await expect(offer).toHaveCount(0);
  // The unread count went with it.
  await pageB.keyboard.press('Escape');
  await expect.poll(() => unread(pageB)).toBe(withOffer - 1);
  await apiA.dispose();

  // With the stream cut, the bell says it falls back to polling.
  await pageB.route('**/api/notifications/stream/**', (route) => route.abort());
  await pageB.reload();
  await bell(pageB).click();
  await expect(pageB.getByTestId('notifications-polling')).toHaveText(ru.notifications.polling);
  // Off shift again, so the next tests' leads are offered to their own consultant, not to these two.
  await setOnShift(admin, a.id, false);
  await setOnShift(admin, b.id, false);
});

for (const [lang, width] of LANGUAGE_WALKS)
  test(`the bell's take toast opens the person taken (${lang}, ${width})`, async ({ browser }) => {
    const c = await consultant(`Taker${lang}`, lang);
    // On shift with the highest rating, so routing offers the new lead to this consultant first.
    await onlyOnShift(admin, c.id);
    const rated = await admin.post('/api/accounts/user/consultant_settings/', {
      data: { user_id: c.id, daily_limit: 100, rating: 5 },
    });
    expect(rated.ok(), await rated.text()).toBeTruthy();
    const page = await signedInPage(browser, c.email, { password: PASSWORD, viewport: VIEWPORTS[width] });
    await expect(bell(page)).toBeVisible();
    const leadName = `Take${lang}${stamp}`;
    const lead = await createUser({
      email: `bell-take-${lang}-${stamp}@example.com`,
      first_name: leadName,
      last_name: 'Toast',
      role: 'member',
      lead_status: 'waiting',
    });
    const offer = page.getByTestId('notifications-menu').getByTestId('notification').filter({ hasText: leadName });
    // Routing is a job queued with the lead (services/users.ts createUser): seconds, more on a loaded machine.
    await expect(async () => {
      if (!(await page.getByTestId('notifications-menu').isVisible())) await bell(page).click();
      await expect(offer).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await offer.getByRole('button', { name: notifications[lang].take }).click();
    const toast = page.getByRole('alert').filter({ hasText: notifications[lang].taken });
    await expect(toast).toBeVisible();
    await toast.getByRole('link', { name: notifications[lang].open_taken }).click();
    await expect(page).toHaveURL(new RegExp(`/user/view-details/${String(lead)}$`));
    await expect(page.getByRole('heading', { name: new RegExp(leadName) }).first()).toBeVisible();
    // Off shift again, so later tests' leads are not offered here.
    await setOnShift(admin, c.id, false);
  });
