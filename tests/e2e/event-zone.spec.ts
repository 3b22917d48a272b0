import { expect } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { admin as adminTexts } from '../../src/web/features/admin/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { clickWhenStill } from './support/motion';
import { openFromMenu } from './support/menu';
import { LANGUAGE_WALKS, OPEN_MENU, VIEWPORTS, test } from './support/session';

/**
 * The event editor uses the event's own time zone (#40 finding 10): a Berlin admin opens the Event
 * editor from the menu, types the start 19:00, picks New York as the event's zone, then types the end
 * 21:00 (each field typed in the zone it shows); the event is stored as 19:00–21:00 New York (00:00 UTC
 * the next day in January), its .ics says so, and the editor opened again from the list shows 19:00.
 * In en, de at phone width and ru.
 */

const stamp = Date.now().toString(36);
const RA = {
  en: { create: 'Create', save: 'Save' },
  de: { create: 'Erstellen', save: 'Speichern' },
  ru: { create: 'Создать', save: 'Сохранить' },
} as const;

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({
      freshUserOptions: {
        role: 'admin',
        firstName: 'Berta',
        lastName: 'Berlin',
        language: lang,
        timeZone: 'Europe/Berlin',
      },
    });
    test(`an event entered as 19:00 in New York is stored as 19:00 New York by a Berlin admin (${lang}, ${width})`, async ({
      adminApi: admin,
      freshUser,
    }) => {
      const t = adminTexts[lang].events;
      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      const fromMenu = async (name: string) => {
        if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
        await openFromMenu(page, name);
      };
      await fromMenu(catalogues[lang].menu_content_events);
      await expect(page).toHaveURL(/\/admin\/events$/);
      await page.getByRole('link', { name: RA[lang].create }).click();

      const title = `Zoned evening ${lang} ${stamp}`;
      await page.locator('input[name="title"]').fill(title);
      // The start before the zone: it keeps its clock reading in the zone picked.
      await page.locator('input[name="starts_at"]').fill('15/01/2031 19:00');
      await expect(page.getByText(t.time_zone_help)).toBeVisible();
      const zone = page.getByRole('combobox', { name: t.fields.time_zone });
      await zone.fill('America/New');
      // Named as the profile names it, in the interface language: "Eastern Time (America/New_York)".
      await clickWhenStill(page.getByRole('option', { name: /\(America\/New_York\)/ }));
      await expect(page.locator('input[name="starts_at"]')).toHaveValue('15/01/2031 19:00');
      // The end, still empty, typed after the zone: in that zone too (it was typed in the admin's Berlin
      // and shown as 15:00 New York).
      await page.locator('input[name="ends_at"]').fill('15/01/2031 21:00');
      await page.locator('input[name="title"]').click();
      await expect(page.locator('input[name="ends_at"]')).toHaveValue('15/01/2031 21:00');
      await expectNoRawKeys(page);
      await page.getByRole('button', { name: RA[lang].save }).click();
      await expect(page).toHaveURL(/\/admin\/events$/);

      const list = (await (
        await admin.get(`/api/admin/events?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`)
      ).json()) as Array<{ id: number; title: string; starts_at: string; ends_at: string; time_zone: string }>;
      const event = list.find((e) => e.title === title)!;
      expect(event.time_zone).toBe('America/New_York');
      expect(new Date(event.starts_at).toISOString()).toBe('2031-01-16T00:00:00.000Z');
      expect(new Date(event.ends_at).toISOString()).toBe('2031-01-16T02:00:00.000Z');
      const ics = await (await admin.get(`/api/events/view/${String(event.id)}/ics`)).text();
      expect(ics).toMatch(/DTSTART:20310116T000000Z/);

      // Opened again from the list, the editor shows the event's clock, not Berlin's (01:00).
      await page.getByText(title).first().click();
      await expect(page).toHaveURL(new RegExp(`/admin/events/${String(event.id)}$`));
      await expect(page.locator('input[name="starts_at"]')).toHaveValue('15/01/2031 19:00');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[width].width,
      );
    });
  });
