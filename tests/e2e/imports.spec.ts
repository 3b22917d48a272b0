import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { catalogues } from '../../src/server/i18n';
import { leads } from '../../src/web/features/leads/i18n';
import { person, team } from '../../src/web/features/team/i18n';
import { openFromMenu } from './support/menu';
import { signIn, test } from './support/session';
import { clickWhenStill } from './support/motion';

/**
 * An admin imports a file shaped like a Google Contacts export (56 columns) from the menu: the
 * suggested mapping is accepted as it is (each of Atrium's fields shows its column and sample values),
 * the import starts, runs, and the list shows its figures and the reason of each row left out, which
 * download with their reasons; an imported person's page names the import and its file as the lead source,
 * and their history says who imported them from that file.
 */
const stamp = Date.now().toString(36);
const GOOGLE = fs
  .readFileSync(path.join(import.meta.dirname, '../fixtures/imports/google-contacts.csv'), 'utf8')
  .replace(/@gc\.test/g, `.${stamp}@gc.test`)
  .replace(`existing.${stamp}@gc.test`, 'member@demo.atrium');

/** Signs `page` in as `email` and opens the dashboard (the login screen is foundation.spec's subject). */
const logIn = (page: Page, email: string) => signIn(page, email);

test('an admin imports a Google Contacts export with the suggested mapping', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, 'admin@demo.atrium');
  await openFromMenu(page, 'Импорт');
  await expect(page).toHaveURL(/\/staff\/users_imports/);
  const name = `google-${stamp}.csv`;
  await page
    .getByTestId('import-file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(GOOGLE, 'utf8') });
  await expect(page.getByText('Просмотр и сопоставление')).toBeVisible();
  await expect(page.getByTestId('mapping-source')).toContainText('56');
  // Atrium's fields, each with the column the server suggested and its first values: left as they are.
  const suggested: Record<string, string> = {
    first_name: 'Given Name',
    last_name: 'Family Name',
    full_name: '',
    email: 'E-mail 1 - Value',
    phone: 'Phone 1 - Value',
    country: 'Address 1 - Country',
    city: 'Address 1 - City',
  };
  for (const [field, column] of Object.entries(suggested))
    await expect(page.getByTestId(`map-${field}`)).toHaveValue(column);
  await expect(page.getByTestId('samples-first_name')).toHaveText('Anna · Boris · Carla');
  await expect(page.getByTestId('samples-city')).toHaveText('Berlin · Kazan · Milano');
  // The responsible consultant is the importer at first; the tag is chosen.
  await page.getByLabel('Тег').click();
  await clickWhenStill(page.getByRole('option', { name: catalogues.ru.tag_event }));
  await page.getByRole('button', { name: 'Начать импорт' }).click();
  await expect(page.getByText('Просмотр и сопоставление')).toBeHidden();

  const imported = page.locator('tbody tr').filter({ hasText: name });
  // The file's cell names who uploaded it (the table keeps its columns few: #40 finding 14).
  await expect(imported.locator('td.column-file_name')).toContainText(name);
  // Queued, running (with its progress), then completed: the list polls while it runs.
  await expect(imported.locator('td.column-status')).toHaveText('Завершён', { timeout: 60_000 });
  // The tab counts follow the status change, though their polling stops with it: none running, some completed.
  await expect(page.getByTestId('tab-running')).toHaveText(/\(0\)$/);
  await expect(page.getByTestId('tab-completed')).not.toHaveText(/\(0\)$/);
  const figures = imported.locator('td.column-total');
  await expect(figures).toContainText('Всего: 8');
  await expect(figures).toContainText('Успешно: 4');
  await expect(figures).toContainText('Пропущено строк: 4');
  const warnings = imported.getByRole('list');
  await expect(warnings).toContainText('В ячейке было несколько значений: взято первое');
  await expect(warnings).toContainText('Этот email уже занят');
  await expect(warnings).toContainText('Пожалуйста, введите корректный email');
  await expect(warnings).toContainText('Имя и фамилия обязательны');
  await expect(figures).toContainText(/Предупреждения: \d+/);
  // A started import cannot be deleted.
  await expect(imported.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  // The rows left out download as a CSV Excel opens (UTF-8 with a BOM): the file's rows with their reasons.
  const downloading = page.waitForEvent('download');
  await imported.getByRole('button', { name: 'Скачать отклонённые строки' }).click();
  const rejected = fs.readFileSync(await (await downloading).path());
  expect([...rejected.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // Read as a CSV reader does: a reason in the catalogue's words may hold a comma, so it is quoted.
  const rows = Papa.parse<string[]>(rejected.subarray(3).toString('utf8'), { skipEmptyLines: true }).data;
  expect(rows[0]?.slice(0, 4)).toEqual(['Строка', 'Причина', 'Name', 'Given Name']);
  expect(rows).toHaveLength(5);
  expect(rows.slice(1).map((r) => r[1])).toEqual(
    expect.arrayContaining([
      'Этот email уже занят',
      'Пожалуйста, введите корректный email',
      'Имя и фамилия обязательны',
    ]),
  );

  // An imported person's page names the import as their lead source, with its file (#40 finding 17).
  await openFromMenu(page, catalogues.ru.menu_team);
  await page.getByRole('tab', { name: team.ru.tabs.structure }).click();
  await page.getByPlaceholder('Поиск', { exact: true }).fill(`anna.schmidt.${stamp}`);
  await page.getByRole('cell', { name: 'Schmidt', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/view-details\/\d+$/);
  // Their history (the first tab) says who imported them and from which file: the import's entry as theirs.
  await expect(page.getByTestId('person-timeline')).toContainText(
    catalogues.ru.action_user_imported
      .replace('{actor}', 'Anna Admin')
      .replace('{subject}', 'Anna Schmidt')
      .replace('{file_name}', name),
  );
  await page.getByRole('tab', { name: person.ru.tabs.contact }).click();
  await expect(page.getByText(`${leads.ru.sources.import}: ${name}`)).toBeVisible();
});

test('an upload never started is continued later from the list, or deleted after a confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin@demo.atrium');
  await openFromMenu(page, 'Импорт');
  await expect(page).toHaveURL(/\/staff\/users_imports/);
  // Uploaded and left without starting: back on the page later, the upload continues from the list (#40 finding 17).
  const later = `later-${stamp}.csv`;
  await page.getByTestId('import-file').setInputFiles({
    name: later,
    mimeType: 'text/csv',
    buffer: Buffer.from(`First Name,Last Name,Email\nLea,Later,lea.${stamp}@later.test\n`, 'utf8'),
  });
  await expect(page.getByTestId('mapping-file')).toHaveText(later);
  await openFromMenu(page, catalogues.ru.menu_team);
  await openFromMenu(page, 'Импорт');
  await expect(page.getByText('Просмотр и сопоставление')).toBeHidden();
  const waiting = page.locator('tbody tr').filter({ hasText: later });
  await expect(waiting.locator('td.column-status')).toHaveText('Загружен');
  await waiting.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByTestId('mapping-file')).toHaveText(later);
  await expect(page.getByTestId('map-email')).toHaveValue('Email');
  await page.getByLabel('Тег').click();
  await clickWhenStill(page.getByRole('option', { name: catalogues.ru.tag_event }));
  await page.getByRole('button', { name: 'Начать импорт' }).click();
  await expect(page.getByText('Просмотр и сопоставление')).toBeHidden();
  await expect(waiting.locator('td.column-status')).toHaveText('Завершён', { timeout: 60_000 });
  await expect(waiting.locator('td.column-total')).toContainText('Успешно: 1');

  const name = `never-${stamp}.csv`;
  await page
    .getByTestId('import-file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from('Email\nx@never.test\n', 'utf8') });
  const uploaded = page.locator('tbody tr').filter({ hasText: name });
  await expect(uploaded.locator('td.column-status')).toHaveText('Загружен');
  await uploaded.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('dialog')).toContainText(name);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Подтвердить|Confirm/ })
    .click();
  await expect(uploaded).toHaveCount(0);
  // Its mapping, open since the upload, closes with it; the notice says it was deleted.
  await expect(page.getByText('Просмотр и сопоставление')).toBeHidden();
  await expect(page.getByText('Элемент удален')).toBeVisible();
});
