import fs from 'node:fs';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { team } from '../../src/web/features/team/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { test } from './support/session';
import { linkIn, waitForMail } from './support/mail';
import { saveShot } from './support/screens';
import { clickWhenStill, pickTab } from './support/motion';
import { tasks } from '../../src/web/features/tasks/i18n';

/**
 * The staff person page against the real server: the demo consultant opens a lead of theirs from
 * Team › Structure, adds a note, records a donation, creates and copies a reset-credentials link (the
 * clipboard holds it; the link sets new credentials once, and they log in), and sends an invitation
 * that reaches the SMTP peer, in the person's language, with a set-password link that works once.
 */

const stamp = Date.now().toString(36);
const lead = { first_name: 'Lena', last_name: `Person${stamp}`, email: `lena-${stamp}@e2e.example` };
let admin: APIRequestContext;
let anonymous: APIRequestContext;

test.beforeAll(async ({ baseURL, adminApi }) => {
  admin = adminApi;
  anonymous = await playwrightRequest.newContext({ baseURL });
  const labels = (await (await admin.get('/api/accounts/tags_groups/')).json()) as { tags: { id: number }[] };
  const found = (await (await admin.get('/api/v1/users/?search=consultant@demo.atrium&role=consultant')).json()) as {
    results: { id: number; email: string }[];
  };
  const consultant = found.results.find((u) => u.email === 'consultant@demo.atrium');
  expect(consultant && labels.tags[0]).toBeTruthy();
  const res = await admin.post('/api/accounts/user/create_lead_user/', {
    data: { ...lead, language: 'en', tag_id: labels.tags[0]!.id, consultant_id: consultant!.id },
  });
  expect(res.status(), await res.text()).toBe(201);
});

test.afterAll(async () => {
  await anonymous.dispose();
});

async function logIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

async function mailWithSubject(to: string, subject: string) {
  for (let n = 1; n <= 3; n++) {
    const mail = await waitForMail(to, n);
    if (mail.subject === subject) return mail;
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

async function canLogIn(username: string, password: string) {
  const res = await anonymous.post('/api/accounts/login/', { form: { username, password } });
  return res.ok();
}

test('a consultant works a person: note, donation, reset link copied and used once, invitation mailed', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await logIn(page, 'consultant@demo.atrium', 'demo-password');
  await expect(page).not.toHaveURL(/\/login$/);

  // Team › Structure: the lead is the consultant's; a row opens the person page.
  await openFromMenu(page, catalogues.ru.menu_team);
  await pickTab(page.getByRole('tab', { name: team.ru.tabs.structure }));
  await page.getByPlaceholder('Поиск', { exact: true }).fill(lead.last_name);
  await page.getByRole('cell', { name: lead.last_name, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/view-details\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `${lead.first_name} ${lead.last_name}` })).toBeVisible();
  await expect(page.getByTestId('person-responsible')).toContainText('Ответственный:');
  await expect(page.getByTestId('person-invitation')).toHaveText('Не приглашён');

  // A note lands on the timeline, with the sentence of the history.
  await page.getByLabel('Заметка').fill('Перезвонить в понедельник');
  await page.getByRole('button', { name: 'Добавить заметку' }).click();
  const timeline = page.getByTestId('person-timeline');
  await expect(timeline).toContainText('Перезвонить в понедельник');
  await expect(timeline).toContainText('добавил(а) заметку');

  // A donation recorded here shows in the Donations tab and in the totals.
  await pickTab(page.getByRole('tab', { name: 'Пожертвования' }));
  await page.getByRole('button', { name: 'Записать пожертвование' }).click();
  const donation = page.getByRole('dialog');
  await donation.getByLabel(/^Сумма, USD/).fill('25.00');
  await donation.getByRole('button', { name: 'Записать' }).click();
  await expect(donation).toBeHidden();
  await expect(page.getByTestId('person-donations')).toContainText('25,00 $');
  // Its kind, state and method in words, not the API's codes (donation, paid, staff).
  const recorded = page.getByTestId('person-donations').locator('tbody tr').first();
  await expect(recorded).toContainText('Пожертвование');
  await expect(recorded).toContainText('Оплачен');
  await expect(recorded).toContainText('Внесено сотрудником');

  // A task about the person from its Tasks tab (`?create_task=1`), the person chosen already: listed
  // under "Today and overdue", not under "Planned" (`?when=future`).
  await pickTab(page.getByRole('tab', { name: 'Задачи' }));
  await page.getByRole('button', { name: 'Создать задачу' }).click();
  await expect(page).toHaveURL(/[?&]create_task=1/);
  const task = page.getByRole('dialog');
  await task.getByTestId('task-start').locator('..').click();
  await clickWhenStill(page.getByRole('option', { name: tasks.ru.start_in.now }));
  await task.getByLabel(tasks.ru.fields.description).fill(`Call Lena ${stamp}`);
  await task.getByRole('button', { name: tasks.ru.save }).click();
  await expect(task).toBeHidden();
  const planned = page.getByRole('cell', { name: `Call Lena ${stamp}` });
  await expect(planned).toBeVisible();
  await page.getByRole('button', { name: 'Запланированные' }).click();
  await expect(page).toHaveURL(/[?&]when=future/);
  await expect(page.getByText('Задач с этим человеком нет.')).toBeVisible();
  await expect(planned).toHaveCount(0);

  // A reset-credentials link: confirmed, shown, copied ('Link copied').
  await page.getByRole('button', { name: 'Ссылка сброса учётных данных' }).click();
  const reset = page.getByRole('dialog');
  await reset.getByRole('button', { name: 'Создать ссылку' }).click();
  const link = await reset.getByTestId('reset-link').inputValue();
  expect(link).toMatch(/\/reset-credentials\/[A-Za-z0-9_%-]{32,}\?lang=[a-z]{2}$/);
  await reset.getByRole('button', { name: 'Копировать ссылку' }).click();
  await expect(page.getByText('Ссылка скопирована')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await reset.getByRole('button', { name: 'Закрыть' }).click();

  // The timeline tells both actions.
  // The Details tab shows the facts a member sees of the person, with the donation just recorded.
  await pickTab(page.getByRole('tab', { name: 'Сведения' }));
  await expect(page.getByText(lead.email, { exact: true })).toBeVisible();
  await expect(page.getByText('25,00 $').first()).toBeVisible();
  // Where the lead came from (#40 finding 17): created by staff.
  await expect(page.getByText('Источник лида', { exact: true })).toBeVisible();
  await expect(page.getByText('Добавлен сотрудником', { exact: true })).toBeVisible();

  await pickTab(page.getByRole('tab', { name: 'Хронология' }));
  await expect(timeline).toContainText('записал(а) пожертвование');
  await expect(timeline).toContainText('создал(а) ссылку сброса учётных данных');
  await expectNoRawKeys(page);
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  await saveShot(page, 'person-timeline-ru-desktop');

  // The person opens the link in their own browser: new credentials once, then they log in with them.
  const visitor = await page.context().browser()!.newPage();
  const path = new URL(link).pathname;
  await visitor.goto(path);
  await expect(visitor.getByTestId('current-credentials')).toContainText(lead.email);
  await visitor.getByLabel(/^Новый пароль/).fill('lena-password-1');
  await visitor.getByLabel('Повторите новый пароль').fill('lena-password-1');
  await visitor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(visitor).toHaveURL(/\/login$/);
  expect(await canLogIn(lead.email, 'lena-password-1')).toBe(true);
  await visitor.goto(path);
  await expect(visitor.getByRole('alert')).toContainText('Срок действия ссылки истёк');

  // The invitation: confirmed, mailed in the person's language (English), shown as sent.
  await page.getByRole('button', { name: 'Отправить приглашение' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByTestId('person-invitation')).toContainText('Приглашён');
  // The donation's receipt went to the same address; the invitation is the mail with its subject.
  const mail = await mailWithSubject(lead.email, 'Your invitation to Atrium');
  const invitation = linkIn(mail, '/set-password/');
  await visitor.goto(invitation);
  // The link carries the person's language: the page is English, as the mail was, in a Russian browser.
  expect(invitation).toMatch(/\?lang=en$/);
  await expect(visitor.getByText('Welcome to Atrium')).toBeVisible();
  await visitor.getByLabel(/^New password/).fill('lena-password-2');
  await visitor.getByLabel('Repeat the new password').fill('lena-password-2');
  await visitor.getByRole('button', { name: 'Save password' }).click();
  await expect(visitor).toHaveURL(/\/login$/);
  expect(await canLogIn(lead.email, 'lena-password-2')).toBe(true);
  await visitor.close();
  await page.reload();
  await expect(page.getByTestId('person-invitation')).toContainText('Приглашение принято');
  // Signed in now: no invitation is offered for an active person (issue #40, 17).
  await expect(page.getByRole('heading', { level: 1, name: `${lead.first_name} ${lead.last_name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /приглашение/i })).toHaveCount(0);
});
