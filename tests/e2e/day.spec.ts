import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { actionLogs } from '../../src/web/features/action-logs/i18n';
import { staff } from '../../src/web/features/staff/i18n';
import { tasks } from '../../src/web/features/tasks/i18n';
import { catalogues } from '../../src/server/i18n';
import { addressFilter, openFromMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { apiAs, signIn, test } from './support/session';
import { rememberLanguage } from './support/language';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The consultant's day on screen: the work-time dialog opens with the hours as saved (MON 10:00–16:00,
 * the rest off, after a reload); a task is planned for tomorrow 10:00 with the date and time picker and
 * listed at that time; the actions history, opened from the menu, tells a hand-over as a sentence
 * naming the three people in ru, en and de, and filters by a person picked by name.
 */

const stamp = Date.now().toString(36);
let adminApi: APIRequestContext;
let consultantApi: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  adminApi = await apiAs(baseURL, 'admin@demo.atrium');
  consultantApi = await apiAs(baseURL, 'consultant@demo.atrium');
});
test.afterAll(async () => {
  await adminApi.dispose();
  await consultantApi.dispose();
});

/** Signs `page` in as `email` and opens the dashboard (the login screen is foundation.spec's subject). */
const logIn = (page: Page, email: string) => signIn(page, email);

/** Types digits into an MUI X picker field, section by section from the first (24-hour, DD/MM/YYYY HH:mm). */
async function typeInPicker(field: Locator, digits: string) {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(digits);
}
/** The picker's value as its hidden input holds it (the text shown, e.g. "10:00"). */
const pickerValue = (field: Locator) =>
  field.locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]//input');

const dialog = (page: Page) => page.getByRole('dialog');

test.describe.configure({ mode: 'serial' });

test('the work-time dialog opens with the saved hours after a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const ru = staff.ru.list;
  await logIn(page, 'admin@demo.atrium');
  await openFromMenu(page, catalogues.ru.menu_staff_list);
  const konstantin = page.locator('tbody tr').filter({ hasText: 'consultant@demo.atrium' });
  await konstantin.getByRole('button', { name: ru.work_times }).click();
  const row = (day: string) => dialog(page).locator(`[data-weekday="${day}"]`);
  const from = (day: string) => row(day).getByRole('group', { name: ru.time_from });
  const to = (day: string) => row(day).getByRole('group', { name: ru.time_to });
  await expect(from('MON')).toBeVisible();
  // The dialog shows what is saved (the demo consultant may have no working day yet): Monday is made one.
  const monOff = row('MON').getByRole('checkbox', { name: ru.day_off });
  if (await monOff.isChecked()) await monOff.uncheck();
  // A range that ends before it starts is named on its row; nothing is sent.
  await typeInPicker(from('MON'), '1800');
  await typeInPicker(to('MON'), '0900');
  await dialog(page).getByRole('button', { name: ru.save }).click();
  await expect(row('MON').getByRole('alert')).toHaveText(ru.time_range_wrong);
  await typeInPicker(from('MON'), '1000');
  await typeInPicker(to('MON'), '1600');
  for (const day of ['TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']) {
    const off = row(day).getByRole('checkbox', { name: ru.day_off });
    if (!(await off.isChecked())) await off.check();
  }
  await dialog(page).getByRole('button', { name: ru.save }).click();
  await expect(dialog(page)).toBeHidden();

  await page.reload();
  await konstantin.getByRole('button', { name: ru.work_times }).click();
  await expect(pickerValue(from('MON'))).toHaveValue('10:00');
  await expect(pickerValue(to('MON'))).toHaveValue('16:00');
  await expect(row('MON').getByRole('checkbox', { name: ru.day_off })).not.toBeChecked();
  for (const day of ['TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'])
    await expect(row(day).getByRole('checkbox', { name: ru.day_off })).toBeChecked();
  // The server has the same week.
  const me = (await (await consultantApi.get('/api/accounts/me/')).json()) as { id: number };
  const details = await adminApi.post('/api/accounts/user/details/', { data: { user_id: me.id } });
  const week = ((await details.json()) as { work_times: Array<{ weekday: string; time_from: string | null }> })
    .work_times;
  expect(week.filter((d) => d.time_from).map((d) => [d.weekday, d.time_from])).toEqual([['MON', '10:00']]);
});

test('a task is planned for tomorrow 10:00 with the date and time picker and listed at that time', async ({ page }) => {
  test.setTimeout(180_000);
  const ru = tasks.ru;
  const me = (await (await consultantApi.get('/api/accounts/me/')).json()) as { time_zone: string };
  const leads = (await (await consultantApi.get('/api/user_tasks/get_users_to_link/')).json()) as Array<{
    id: number;
    first_name: string;
    last_name: string;
  }>;
  const lead = leads[0]!;
  const tomorrow = dayjs().tz(me.time_zone).add(1, 'day');
  const description = `Call tomorrow ${stamp}`;
  await logIn(page, 'consultant@demo.atrium');
  await openFromMenu(page, catalogues.ru.menu_staff_tasks);
  await page.getByRole('button', { name: ru.create }).click();
  const form = dialog(page);
  await form.getByTestId('task-start').locator('..').click();
  await clickWhenStill(page.getByRole('option', { name: ru.start_in.at }));
  await typeInPicker(form.getByRole('group', { name: ru.fields.start_at }), `${tomorrow.format('DDMMYYYY')}1000`);
  await form.getByRole('combobox', { name: ru.fields.linked_user }).fill(lead.first_name);
  await clickWhenStill(page.getByRole('option', { name: new RegExp(`${lead.first_name} ${lead.last_name}`) }).first());
  await form.getByLabel(ru.fields.description).fill(description);
  await form.getByRole('button', { name: ru.save }).click();
  await expect(page.getByText(ru.created)).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByTestId('tab-future').click();
  const listed = page
    .getByText(description)
    .locator('xpath=ancestor::*[self::tr or self::li or contains(@class,"MuiCard")][1]');
  await expect(listed).toContainText(`${tomorrow.format('DD/MM/YYYY')} 10:00`);
  // Not overdue: it starts tomorrow.
  await expect(listed).not.toContainText(ru.overdue);
});

test('the actions history, opened from the menu, tells a hand-over as a sentence in ru, en and de', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A member of the consultant's, handed over by the admin to a second consultant.
  const created = async (data: Record<string, string>) => {
    const res = await adminApi.post('/api/v1/users/', {
      data: { language: 'ru', password: 'day-password-1', time_zone: 'Europe/Berlin', ...data },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; first_name: string; last_name: string };
  };
  const second = await created({
    email: `day-second-${stamp}@e2e.example`,
    first_name: 'Sofia',
    last_name: `Zweit${stamp}`,
    role: 'consultant',
  });
  // Active, not waiting: a waiting member an admin makes is a new lead (its own entry, offered by routing).
  const member = await created({
    email: `day-member-${stamp}@e2e.example`,
    first_name: 'Mila',
    last_name: `Member${stamp}`,
    role: 'member',
    lead_status: 'active',
  });
  const given = await adminApi.post('/api/accounts/user/give_away_user/', {
    data: { user_id: member.id, consultant_id: second.id },
  });
  expect(given.ok(), await given.text()).toBeTruthy();
  const adminMe = (await (await adminApi.get('/api/accounts/me/')).json()) as {
    id: number;
    first_name: string;
    last_name: string;
  };
  const names = {
    actor: `${adminMe.first_name} ${adminMe.last_name}`.trim(),
    subject: `Mila Member${stamp}`,
    other: `Sofia Zweit${stamp}`,
  };

  await logIn(page, 'admin@demo.atrium');
  const token = await page.evaluate(() => localStorage.getItem('atrium:token'));
  // The demo admin's language back to Russian whatever happens: later specs sign in as them.
  const backToRussian = () =>
    page.request.post('/api/accounts/set_language/', {
      headers: { Authorization: `JWT ${token}` },
      data: { language: 'ru' },
    });
  try {
    for (const lang of ['ru', 'en', 'de'] as const) {
      const set = await page.request.post('/api/accounts/set_language/', {
        headers: { Authorization: `JWT ${token}` },
        data: { language: lang },
      });
      expect(set.ok(), await set.text()).toBeTruthy();
      await rememberLanguage(page, lang);
      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await openFromMenu(page, catalogues[lang].menu_staff_action_logs);
      await expect(page).toHaveURL(/\/staff\/action_logs/);
      const sentence = catalogues[lang].action_user_given_away.replace(/\{(\w+)\}/g, (_, k: string) =>
        k in names ? names[k as keyof typeof names] : `{${k}}`,
      );
      await expect(page.getByText(sentence).first()).toBeVisible();
      expect(await page.evaluate(() => document.body.innerText)).not.toContain('atrium.');
    }

    // Filter by the person, picked by name (the page is in German now).
    const de = actionLogs.de;
    await page.getByRole('combobox', { name: de.subject_id }).fill(`Member${stamp}`);
    await clickWhenStill(page.getByRole('option', { name: new RegExp(`Mila Member${stamp}`) }));
    await expect(page).toHaveURL(new RegExp(`subject_id.*${member.id}`));
    const rows = page.locator('tbody tr');
    // Created, then handed over: both about her, the newest first.
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(`Sofia Zweit${stamp}`);
    for (const r of await rows.all()) await expect(r).toContainText(`Mila Member${stamp}`);
    // And by action: no entry about her is a block.
    await page.getByRole('combobox', { name: de.kind }).click();
    await clickWhenStill(page.getByRole('option', { name: de.kinds.user_blocked }));
    await expect(page.getByText(de.empty)).toBeVisible();

    // A person's name and the action at once, both orders: the last action wins. The name sets the person
    // field of the action's filter form; before, it set the list's filters itself and the action's submit,
    // which carried the form's empty person, dropped it (read from the address, which holds the filter).
    const pickKind = async (name: string) => {
      await page.getByRole('combobox', { name: de.kind }).click();
      // By its text: the "all actions" option is named by its aria-label ("clear the value").
      await page.getByRole('listbox').getByText(name, { exact: true }).click();
    };
    await pickKind(de.all_kinds);
    await expect(rows).toHaveCount(2);
    const byAdmin = page.getByRole('button', { name: de.only_by.replace('%{name}', names.actor) }).first();
    await pickKind(de.kinds.user_given_away);
    await byAdmin.click();
    await expect
      .poll(() => addressFilter(page))
      .toEqual({ subject_id: member.id, kind: 'user_given_away', actor_id: adminMe.id });
    await expect(rows).toHaveCount(1);
    // The person picked by the name, cleared in its field; then the name again and another action.
    await page
      .getByRole('combobox', { name: de.actor_id })
      .locator('xpath=..')
      .locator('.MuiAutocomplete-clearIndicator')
      .dispatchEvent('click');
    await expect.poll(() => addressFilter(page)).toEqual({ subject_id: member.id, kind: 'user_given_away' });
    await byAdmin.click();
    await pickKind(de.kinds.user_created);
    await expect
      .poll(() => addressFilter(page))
      .toEqual({ subject_id: member.id, kind: 'user_created', actor_id: adminMe.id });
    await expect(rows).toHaveCount(1);
  } finally {
    await backToRussian();
  }
});
