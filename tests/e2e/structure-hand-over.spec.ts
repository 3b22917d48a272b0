import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { staff } from '../../src/web/features/staff/i18n';
import { core } from '../../src/web/i18n/core';
import { person } from '../../src/web/features/team/person/i18n';
import { team } from '../../src/web/features/team/i18n';
import { catalogues } from '../../src/server/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { test } from './support/session';
import { clickWhenStill, pickTab } from './support/motion';
import { openFromMenu } from './support/menu';

/**
 * Bulk hand-over from Team › Structure: the admin selects people of the demo consultant's, hands them
 * to a second consultant in one go (a translated toast tells how many), and one moved meanwhile by
 * someone else makes the move refused with the server's words in the dialog, nothing moved.
 */

const stamp = Date.now().toString(36);
const ru = person.ru.actions;
let admin: APIRequestContext;
let second: { id: number; first_name: string; last_name: string };
const leads: { id: number; last_name: string }[] = [];

test.beforeAll(async ({ adminApi }) => {
  admin = adminApi;
  const created = await admin.post('/api/v1/users/', {
    data: {
      email: `bulk-second-${stamp}@e2e.example`,
      first_name: 'Boris',
      last_name: `Second${stamp}`,
      role: 'consultant',
      language: 'ru',
      password: 'bulk-password-1',
      time_zone: 'Europe/Berlin',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  second = (await created.json()) as typeof second;
  const found = (await (await admin.get('/api/v1/users/?search=consultant@demo.atrium&role=consultant')).json()) as {
    results: { id: number; email: string }[];
  };
  const consultant = found.results.find((u) => u.email === 'consultant@demo.atrium')!;
  const labels = (await (await admin.get('/api/accounts/tags_groups/')).json()) as { tags: { id: number }[] };
  for (const n of [1, 2, 3]) {
    const last_name = `Bulk${stamp}n${String(n)}`;
    const res = await admin.post('/api/accounts/user/create_lead_user/', {
      data: {
        first_name: 'Vera',
        last_name,
        email: `bulk-${String(n)}-${stamp}@e2e.example`,
        language: 'ru',
        tag_id: labels.tags[0]!.id,
        consultant_id: consultant.id,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    leads.push({ id: ((await res.json()) as { user: { id: number } }).user.id, last_name });
  }
});

async function responsibleOf(id: number) {
  const res = await admin.post('/api/accounts/user/details/', { data: { user_id: id } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { responsible: { id: number } | null }).responsible?.id;
}

const rowOf = (page: Page, lastName: string) =>
  page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: lastName, exact: true }) });

async function handOverSelected(page: Page) {
  await page.locator('[data-test="bulk-actions-toolbar"]').getByRole('button', { name: ru.hand_over }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: ru.hand_over_to }).click();
  await clickWhenStill(page.getByRole('option', { name: new RegExp(`Second${stamp}`) }));
  await dialog.getByRole('button', { name: ru.hand_over }).click();
  return dialog;
}

test('the admin hands people over in bulk from Team › Structure; a person moved meanwhile is refused', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('admin@demo.atrium');
  await page.locator('input[name="password"]').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).not.toHaveURL(/\/login$/);

  await openFromMenu(page, catalogues.ru.menu_team);
  await pickTab(page.getByRole('tab', { name: team.ru.tabs.structure }));
  await page.getByPlaceholder('Поиск', { exact: true }).fill(`Bulk${stamp}`);
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await rowOf(page, leads[0]!.last_name).getByRole('checkbox').check();
  await rowOf(page, leads[1]!.last_name).getByRole('checkbox').check();
  const dialog = await handOverSelected(page);
  await expect(page.getByText(ru.hand_over_done.replace('%{smart_count}', '2'))).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await responsibleOf(leads[0]!.id)).toBe(second.id);
  expect(await responsibleOf(leads[1]!.id)).toBe(second.id);
  const third = await responsibleOf(leads[2]!.id);
  expect(third).not.toBe(second.id);

  // Someone else moves the third person while the list still shows the demo consultant as responsible.
  await rowOf(page, leads[2]!.last_name).getByRole('checkbox').check();
  const admins = (await (await admin.get('/api/v1/users/?search=admin@demo.atrium&role=admin')).json()) as {
    results: { id: number; email: string }[];
  };
  const adminId = admins.results.find((u) => u.email === 'admin@demo.atrium')!.id;
  const moved = await admin.post('/api/accounts/user/give_away_user/', {
    data: { user_id: leads[2]!.id, consultant_id: adminId },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  const refused = await handOverSelected(page);
  await expect(refused.getByRole('alert')).toHaveText(catalogues.ru.user_taken);
  expect(await responsibleOf(leads[2]!.id)).toBe(adminId);
  await expectNoRawKeys(page);
});

test('the new-lead dialog sent empty says to fill all empty fields, each empty one under it', async ({ page }) => {
  test.setTimeout(90_000);
  const texts = staff.ru.people;
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('admin@demo.atrium');
  await page.locator('input[name="password"]').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await openFromMenu(page, catalogues.ru.menu_staff_list);
  await page.getByRole('button', { name: texts.new_lead }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: texts.create }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: core.ru.validation.fill_all_empty })).toBeVisible();
  await expect(dialog.getByText(core.ru.validation.required).first()).toBeVisible();
  await expectNoRawKeys(page);
});
