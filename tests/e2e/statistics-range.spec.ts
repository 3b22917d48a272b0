import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { statistics } from '../../src/web/features/statistics/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { LANGUAGE_WALKS, OPEN_MENU, test, VIEWPORTS } from './support/session';

/**
 * #40 finding 17, the statistics screen: an admin opens Statistics from the menu and picks a date
 * range. Until both days are picked a hint says what to do; the date fields hold a whole date; a
 * reversed range is one translated message under the last day and asks nothing of the server; an
 * empty range says to widen it; "Time spent" has its unit; the employee table (money columns too)
 * fits a 1366 px laptop and a phone, every figure on screen; money is written one way on the whole page; an
 * empty range's chart counts in whole numbers. In en, de (phone, and the table at
 * 1366 px: German's headers are the longest words) and ru.
 */
const stamp = Date.now().toString(36);
const LAPTOP = { width: 1366, height: 768 };

/**
 * Nothing on the page scrolls sideways: the window, and no table in its own box either. Asked until
 * the layout settles: just after the window is narrowed the laptop's table is still drawn, for the
 * render that swaps it for the phone's blocks.
 */
async function nothingWider(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('.RaDataTable-tableWrapper, html')].map(
            (el) => el.scrollWidth - el.clientWidth,
          ),
        ),
      ),
    )
    .toBeLessThanOrEqual(1);
}

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({
      freshUserOptions: {
        role: 'admin',
        firstName: 'Stella',
        lastName: `Stats${stamp}`,
        language: lang,
        timeZone: 'Europe/Berlin',
      },
    });
    test(`the statistics date range guides and the employee figures fit (${lang}, ${width})`, async ({ freshUser }) => {
      test.setTimeout(120_000);
      const t = statistics[lang];
      const viewport = width === 'phone' ? VIEWPORTS.phone : LAPTOP;
      const page = await freshUser.newPage({ viewport });
      // Every statistics call the screen makes, to show a reversed range asks nothing.
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/accounts/dashboard/') && r.method() === 'POST') sent.push(r.postData() ?? '');
      });
      if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
      await openFromMenu(page, catalogues[lang].menu_staff_dashboard);

      // The year: the employee table, with the money columns an admin sees, on screen whole.
      await page.getByTestId('period').locator('..').click();
      await clickWhenStill(page.getByRole('option', { name: t.periods.year, exact: true }));
      await expect(page.getByText(t.by_staff)).toBeVisible();
      /** The table's last column ends on screen (measured until the year's rows replace today's). */
      const tableFits = async (screenWidth: number) => {
        const last = page.getByRole('columnheader', { name: t.metrics.new_subscriptions });
        await expect(last).toBeVisible();
        await expect
          .poll(async () => {
            const box = await last.boundingBox();
            return box ? box.x + box.width : Infinity;
          })
          .toBeLessThanOrEqual(screenWidth);
      };
      if (width === 'phone') {
        const blocks = page.getByTestId('staff-blocks');
        await expect(blocks.getByText(t.metrics.donations_sum).first()).toBeVisible();
        const figure = blocks.getByText(t.metrics.tasks_of_new_registrations).first();
        // Scrolled to again until it stays: the year's blocks replace today's, which can move it away.
        await expect(async () => {
          await figure.scrollIntoViewIfNeeded();
          await expect(figure).toBeInViewport({ timeout: 2_000 });
        }).toPass();
        await nothingWider(page);
        // German's long headers on a 1366 px laptop too: the same screen turned into the table.
        await page.setViewportSize(LAPTOP);
        await tableFits(LAPTOP.width);
        await nothingWider(page);
        await page.setViewportSize(viewport);
      } else {
        await tableFits(viewport.width);
      }
      await nothingWider(page);
      // Money in the countries table as in the employee table: the language's format ("0,00 $" in German
      // and Russian), never a hard-coded "$0.00".
      const countries = page
        .locator('.MuiCard-root')
        .filter({ has: page.getByRole('heading', { name: t.by_countries }) });
      if (lang !== 'en') {
        await expect(countries.getByText(/^\d[\d\s.,]*\s\$$/).first()).toBeVisible();
        await expect(countries.getByText(/^\$/)).toHaveCount(0);
      } else await expect(countries.getByText(/^\$\d/).first()).toBeVisible();

      // A range: until both days are picked, a hint instead of an empty page.
      await page.getByTestId('period').locator('..').click();
      // Once the list has grown in: a click on a growing item can land on the list, choosing nothing.
      await clickWhenStill(page.getByRole('option', { name: t.periods.range, exact: true }));
      await expect(page.getByTestId('range-hint')).toHaveText(t.range_hint);
      const from = page.locator('input[name="date_from"]');
      const to = page.locator('input[name="date_to"]');
      await from.fill('20/01/2001');
      await expect(from).toHaveValue('20/01/2001');
      // The whole date is readable: the field is not narrower than its text.
      for (const field of [from, to])
        expect(await field.evaluate((el: HTMLInputElement) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

      // Reversed: one message, in the reader's language, and no call to the server.
      const before = sent.length;
      await to.fill('10/01/2001');
      await expect(to).toHaveValue('10/01/2001');
      await expect(page.getByText(t.range_reversed)).toHaveCount(1);
      await expect(page.getByText(catalogues[lang].date_range_invalid)).toHaveCount(0);
      await expect(page.getByTestId('range-hint')).toHaveCount(0);
      await page.waitForTimeout(500);
      expect(sent.slice(before).filter((body) => body.includes('2001-01-20'))).toEqual([]);

      // An empty range (long before anyone signed up): the figures' unit and what to do.
      // The employees' figures of that range (the chart below is drawn from them).
      const staffOfRange = page.waitForResponse(
        (r) => r.url().includes('/staff_statistics/') && (r.request().postData() ?? '').includes('2001-01-31'),
      );
      await to.fill('31/01/2001');
      await expect(page.getByText(t.range_reversed)).toHaveCount(0);
      await expect(page.getByTestId('metric-time_spent-value')).toHaveText(t.minutes.replace('%{smart_count}', '0'));
      await expect(page.getByText(t.empty).first()).toBeVisible();
      // Every employee's bars are 0: the y axis counts in whole numbers from 0, no "0.0…" ticks.
      await staffOfRange;
      const ticks = page.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
      await expect
        .poll(async () => {
          const labels = await ticks.allTextContents();
          return labels.length > 1 && labels.every((label) => /^\d+$/.test(label)) ? 'whole numbers' : labels;
        })
        .toBe('whole numbers');
      await expectNoRawKeys(page);
      await nothingWider(page);
    });
  });
