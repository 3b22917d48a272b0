import { expect, request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { auth } from '../../src/web/features/auth/i18n';
import { profile } from '../../src/web/features/profile/i18n';
import { tickets } from '../../src/web/features/tickets/i18n';
import { openFromMenu, openFromUserMenu } from './support/menu';
import { signedInPage, test } from './support/session';
import { closeContext } from './support/pool';

/**
 * Telegram end to end, against the local Bot API peer the server long-polls (playwright.config.ts):
 * a member gets the deep link from the profile menu, the bot receives /start <code> and the profile
 * turns linked; a consultant's "Message via Telegram" reaches the chat (and is disabled, with the
 * reason, for a member who has not linked); the bot's /login link logs in once, in the account's
 * language, and is refused the second time; /stop in the chat shows in the open profile once its
 * window gets focus back.
 */

const PEER = `http://127.0.0.1:${process.env.E2E_TELEGRAM_PORT ?? Number(process.env.E2E_MAIL_HTTP_PORT ?? 18026) + 1}`;
const PASSWORD = 'telegram-password-1';
const chatId = String(700_000 + (Date.now() % 100_000));

let admin: APIRequestContext;
let consultantId: number;

async function apiAs(baseURL: string | undefined, email: string, password = 'demo-password') {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const res = await anonymous.post('/api/accounts/login/', { form: { username: email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `JWT ${token}` } });
}

let serial = 0;
/** A new member of the demo consultant, in English, with a request open. */
async function memberWithTicket(baseURL: string | undefined, tag: string) {
  serial += 1;
  const email = `tg-${tag}-${Date.now()}-${serial}@e2e.example`;
  const last = `Telegram${serial}${Date.now().toString(36)}`;
  const res = await admin.post('/api/v1/users/', {
    data: {
      email,
      first_name: 'Tess',
      last_name: last,
      role: 'member',
      language: 'en',
      password: PASSWORD,
      responsible_id: consultantId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const api = await apiAs(baseURL, email, PASSWORD);
  const subject = `Telegram ${tag} ${Date.now().toString(36)}`;
  const ticket = await api.post('/api/tickets/create/', {
    data: { type: 'technical', subject, message: 'The video does not start.' },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  return { email, api, subject };
}

/** What the bot sent to the test's chat so far. */
async function botMessages(): Promise<string[]> {
  const res = await fetch(`${PEER}/__peer__/sent?chat_id=${chatId}`);
  return ((await res.json()) as Array<{ text: string }>).map((m) => m.text);
}

/** The chat writes to the bot. */
async function tell(text: string, languageCode = 'en') {
  const res = await fetch(`${PEER}/__peer__/updates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: chatId, text, language_code: languageCode }),
  });
  expect(res.ok).toBeTruthy();
}

/** A desktop browser signed in as `email`, on the dashboard. */
async function logIn(browser: Browser, email: string, password: string) {
  const page = await signedInPage(browser, email, { password });
  // The deep link opens Telegram in a new tab; here it is only a page of its own.
  await page
    .context()
    .route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'Telegram' }));
  return page;
}

test.setTimeout(180_000);

test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL, 'admin@demo.atrium');
  const consultant = await apiAs(baseURL, 'consultant@demo.atrium');
  consultantId = ((await (await consultant.get('/api/accounts/me/')).json()) as { id: number }).id;
  await consultant.dispose();
});
test.afterAll(async () => {
  await admin.dispose();
});

test('Telegram: deep link links the profile, the consultant reaches the chat, the bot login works once', async ({
  browser,
  baseURL,
}) => {
  const linked = await memberWithTicket(baseURL, 'linked');
  const unlinked = await memberWithTicket(baseURL, 'unlinked');

  // The member opens Settings from the profile menu and takes the deep link.
  const member = await logIn(browser, linked.email, PASSWORD);
  await openFromUserMenu(member, catalogues.en.menu_settings);
  await expect(member).toHaveURL(/\/profile\/settings$/);
  const card = member
    .getByRole('heading', { name: profile.en.telegram.title })
    .locator('xpath=ancestor::div[contains(@class,"MuiCardContent")]');
  await expect(card.getByText(profile.en.status.not_linked)).toBeVisible();
  // The link needs the current password: a wrong one is told under the field.
  await member.getByRole('button', { name: profile.en.telegram.link }).click();
  const password = card.getByLabel(profile.en.telegram.password);
  await password.fill('not-my-password');
  await card.getByRole('button', { name: profile.en.telegram.get_link }).click();
  await expect(card.getByText('Wrong password', { exact: true })).toBeVisible();
  await password.fill(PASSWORD);
  const popup = member.context().waitForEvent('page');
  await card.getByRole('button', { name: profile.en.telegram.get_link }).click();
  await (await popup).close();
  const deepLink = new URL((await member.getByTestId('telegram-link').textContent()) ?? '');
  expect(deepLink.host).toBe('t.me');
  const code = deepLink.searchParams.get('start') ?? '';

  // Telegram delivers /start <code>: the chat is told, the profile turns linked without a reload.
  await tell(`/start ${code}`);
  await expect.poll(async () => (await botMessages()).length, { timeout: 20_000 }).toBe(1);
  expect((await botMessages())[0]).toContain('Tess');
  await expect(card.getByText(profile.en.status.linked, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(member.getByTestId('telegram-link')).toHaveCount(0);

  // The consultant writes through the bot; for the member without Telegram the button says why it is off.
  const consultant = await logIn(browser, 'consultant@demo.atrium', 'demo-password');
  await openFromMenu(consultant, catalogues.ru.menu_staff_tickets);
  await consultant.getByRole('row', { name: new RegExp(unlinked.subject) }).click();
  let dialog = consultant.getByRole('dialog');
  await dialog.getByRole('button', { name: tickets.ru.take }).click();
  await expect(dialog.getByTestId('ticket-status')).toHaveText('В работе');
  await expect(dialog.getByText(tickets.ru.telegram_not_linked)).toBeVisible();
  await expect(dialog.getByRole('button', { name: tickets.ru.telegram })).toBeDisabled();
  await dialog.getByRole('button', { name: tickets.ru.close }).click();

  await consultant.getByRole('row', { name: new RegExp(linked.subject) }).click();
  dialog = consultant.getByRole('dialog');
  await dialog.getByRole('button', { name: tickets.ru.take }).click();
  await expect(dialog.getByTestId('ticket-status')).toHaveText('В работе');
  await expect(dialog.getByText(tickets.ru.telegram_not_linked)).toHaveCount(0);
  await dialog.locator('textarea[name="telegram"]').fill('Please try another browser.');
  await dialog.getByRole('button', { name: tickets.ru.telegram }).click();
  await expect(consultant.getByText(tickets.ru.sent).first()).toBeVisible();
  await expect.poll(async () => (await botMessages()).at(-1), { timeout: 20_000 }).toBe('Please try another browser.');
  await expect(dialog.getByTestId('ticket-messages')).toContainText('Please try another browser.');
  await closeContext(consultant.context());

  // The account now reads German; the bot's /login link opens the given page in German, once.
  expect((await linked.api.post('/api/accounts/set_language/', { data: { language: 'de' } })).ok()).toBeTruthy();
  const before = (await botMessages()).length;
  await tell('/login /profile/settings');
  await expect.poll(async () => (await botMessages()).length, { timeout: 20_000 }).toBe(before + 1);
  const loginUrl = new URL(/https?:\/\/\S+/.exec((await botMessages()).at(-1) ?? '')?.[0] ?? '');
  expect(loginUrl.pathname).toBe('/token-auth-bot');
  const path = loginUrl.pathname + loginUrl.search;

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(path);
  await expect(phone).toHaveURL(/\/profile\/settings$/);
  await expect(phone.getByText(auth.de.login.logged_in, { exact: true })).toBeVisible();
  await expect(phone.getByRole('heading', { name: profile.de.telegram.title })).toBeVisible();
  await closeContext(phone.context());

  const again = await (await browser.newContext()).newPage();
  await again.goto(path);
  // A fresh device: the link carries the member's language (German); the lazy screen may take a while here.
  expect(loginUrl.searchParams.get('lang')).toBe('de');
  await expect(again.getByText(auth.de.bot.failed_title)).toBeVisible({ timeout: 30_000 });
  await expect(again.getByText(auth.de.link_expired)).toBeVisible();
  await expect(again).toHaveURL(/\/token-auth-bot/);
  await closeContext(again.context());

  // The member leaves from the chat (/stop) while the profile is open in the browser. Coming back to the
  // window (a window focus, not a tab shown again) shows it unlinked without a reload. The headless shell
  // has no windows to move a real focus between, so the focus comes as the window's event, as in language.spec.
  const chat = await member.context().newPage();
  await chat.goto('https://t.me/atrium_bot');
  await chat.bringToFront();
  const sent = (await botMessages()).length;
  await tell('/stop');
  await expect.poll(async () => (await botMessages()).length, { timeout: 20_000 }).toBe(sent + 1);
  expect((await botMessages()).at(-1)).toBe(catalogues.de.telegram_bot_unlinked);
  await expect(card.getByText(profile.en.status.linked, { exact: true })).toBeVisible();
  await member.bringToFront();
  await member.evaluate(() => window.dispatchEvent(new Event('focus')));
  // The focus also reads the account again, and the app follows its language (the member's is German).
  await expect(card.getByText(profile.de.status.not_linked, { exact: true })).toBeVisible();
  await expect(member.getByRole('button', { name: profile.de.telegram.link })).toBeVisible();

  await linked.api.dispose();
  await unlinked.api.dispose();
});
