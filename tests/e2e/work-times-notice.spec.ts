import { expect } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { staff } from '../../src/web/features/staff/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { LANGUAGE_WALKS, OPEN_MENU, test, VIEWPORTS } from './support/session';

/**
 * #40 finding 17: on a fresh install no consultant has work times, so no waiting lead is ever offered,
 * and nothing said why where staff look. The staff dashboard says so: a consultant without work times
 * sets them from the notice; an admin is told how many consultants get no leads and led to the roster.
 */
const stamp = Date.now().toString(36);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({
      freshUserOptions: { role: 'consultant', firstName: 'Wanda', lastName: `Times${stamp}`, language: lang },
    });
    test(`a consultant without work times is told on the staff dashboard and sets them there (${lang}, ${width})`, async ({
      freshUser,
    }) => {
      const t = staff[lang];
      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
      await openFromMenu(page, catalogues[lang].menu_staff_dashboard);
      const notice = page.getByTestId('work-times-notice');
      await expect(notice).toContainText(t.notice.self);
      await notice.getByRole('button', { name: t.notice.set_self }).click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByRole('heading', { name: t.list.work_times_title.replace('%{name}', `Wanda Times${stamp}`) }),
      ).toBeVisible();
      // Monday becomes a working day (09:00–18:00 unless changed): one working day is enough to be offered leads.
      await dialog.locator('[data-weekday="MON"]').getByRole('checkbox', { name: t.list.day_off }).uncheck();
      await dialog.getByRole('button', { name: t.list.save }).click();
      await expect(dialog).toBeHidden();
      await expect(notice).toHaveCount(0);
      await expectNoRawKeys(page);
    });
  });

test.describe(() => {
  test.use({ freshUserOptions: { role: 'admin', language: 'en' } });
  test('an admin is told on the staff dashboard that consultants without work times get no leads, and led to them', async ({
    adminApi,
    freshUser,
  }) => {
    // A consultant without work times, whatever earlier specs left.
    const made = await adminApi.post('/api/v1/users/', {
      data: {
        email: `no-times-${stamp}@e2e.example`,
        first_name: 'Nora',
        last_name: `NoTimes${stamp}`,
        role: 'consultant',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const t = staff.en;
    const page = await freshUser.newPage();
    await openFromMenu(page, catalogues.en.menu_staff_dashboard);
    const notice = page.getByTestId('work-times-notice');
    // "No consultant has work times" on a fresh server, else how many have none.
    const some = t.notice.some.split('||||').map((f) => escape(f.trim()).replace('%\\{smart_count\\}', '\\d+'));
    await expect(notice).toContainText(new RegExp([escape(t.notice.none), ...some].join('|')));
    await notice.getByRole('link', { name: t.notice.set }).click();
    await expect(page).toHaveURL(/\/staff\/list$/);
    await page.getByPlaceholder('Search', { exact: true }).fill(`NoTimes${stamp}`);
    // The roster marks them.
    await expect(
      page.getByRole('row', { name: new RegExp(`NoTimes${stamp}`) }).getByTestId('no-work-times'),
    ).toBeVisible();
    await expectNoRawKeys(page);
  });
});
