import { expect } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { tasks as texts } from '../../src/web/features/tasks/i18n';
import { person as personTexts } from '../../src/web/features/team/person/i18n';
import { clickWhenStill } from './support/motion';
import { waitForMail } from './support/mail';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { LANGUAGE_WALKS, OPEN_MENU, VIEWPORTS, test } from './support/session';

/**
 * "New lead" with its first task in one step (#40 item 4, user_tasks/create_new_lead_task/): a consultant
 * opens Staff › Tasks from the menu, starts a new task about a new lead, is told what is missing, types
 * the lead and saves; the task is on the Today tab with the lead, and the lead is the consultant's.
 * The person picker, which finds nobody for a new consultant, says why and what to type.
 * The lead, a New York number, gets New York's zone and English (not the consultant's), and the
 * invitation asked for in the dialog reaches them in English (#40 finding 11). In en, de at phone width and ru.
 */

const stamp = Date.now().toString(36);

/** A New York number no other run has used (exchange 520-599: never an N11 code). */
const freshPhone = () =>
  `+1 212 5${String(20 + Math.floor(Math.random() * 80))} ${String(1000 + Math.floor(Math.random() * 9000))}`;

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({ freshUserOptions: { role: 'consultant', firstName: 'Nina', lastName: 'Tasker', language: lang } });
    test(`a consultant creates a new lead and its first task in one step from Tasks (${lang}, ${width})`, async ({
      adminApi: admin,
      freshUser,
    }) => {
      const t = texts[lang];
      const consultantId = freshUser.id;

      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
      await openFromMenu(page, catalogues[lang].menu_staff_tasks);
      await expect(page).toHaveURL(/\/staff\/tasks$/);
      await page.getByRole('button', { name: t.create }).click();
      const dialog = page.getByRole('dialog');
      // The person picker finds nobody for a new consultant: it says why and what to do, not a bare "No users found".
      await dialog.getByRole('combobox', { name: t.fields.linked_user }).fill('Zoltan');
      await expect(page.getByTestId('task-user-none')).toHaveText(
        [
          t.no_users_match.replace('%{q}', 'Zoltan'),
          t.no_users_scope,
          t.no_users_new_lead.replace('%{switch}', t.new_lead),
        ].join(' '),
      );
      await page.keyboard.press('Escape');
      await dialog.getByLabel(t.new_lead).check();
      await expect(dialog.getByText(t.new_lead_hint)).toBeVisible();
      await expect(dialog.getByRole('combobox', { name: t.fields.linked_user })).toHaveCount(0);

      // Saved empty: the lead's name and phone and the task's start and description are asked for.
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog.getByText(t.fill_field)).toHaveCount(4);
      await expect(dialog.getByText(t.select_start)).toBeVisible();

      const lastName = `Lead${lang}${stamp}`;
      await dialog.locator('input[name="first_name"]').fill('Lena');
      await dialog.locator('input[name="last_name"]').fill(lastName);
      await dialog.locator('input[name="phone"]').fill(freshPhone());
      const email = `lead-${lang}-${stamp}@e2e.example`;
      await dialog.locator('input[name="email"]').fill(email);
      // The language and zone are left to the phone's country; the invitation is asked for.
      await expect(dialog.getByText(personTexts[lang].language_hint)).toBeVisible();
      await dialog.getByLabel(personTexts[lang].send_invitation).check();
      await dialog.getByTestId('task-start').locator('..').click();
      await clickWhenStill(page.getByRole('option', { name: t.start_in.now }));
      await dialog.locator('textarea[name="description"]').fill(`First call ${stamp}`);
      await expectNoRawKeys(page);
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t.lead_created)).toBeVisible();
      await expect(page.getByText(`First call ${stamp}`).first()).toBeVisible();
      await expect(page.getByText(new RegExp(lastName)).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[width].width,
      );

      // The lead is the consultant's, waiting in Processing.
      const found = (await (await admin.get(`/api/v1/users/?search=${lastName}`)).json()) as {
        results: { id: number }[];
      };
      expect(found.results).toHaveLength(1);
      const details = await admin.post('/api/accounts/user/details/', { data: { user_id: found.results[0]!.id } });
      const lead = (await details.json()) as {
        responsible: { id: number } | null;
        time_zone: string;
        language: string;
      };
      expect(lead.responsible?.id).toBe(consultantId);
      expect({ time_zone: lead.time_zone, language: lead.language }).toEqual({
        time_zone: 'America/New_York',
        language: 'en',
      });
      expect((await waitForMail(email)).subject).toBe(catalogues.en.mail_invitation_subject);
    });
  });
