import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { team } from '../../src/web/features/team/i18n';
import { tickets } from '../../src/web/features/tickets/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { linkIn, waitForMail } from './support/mail';
import { openFromMenu, openFromUserMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { LANGUAGE_WALKS, OPEN_MENU, VIEWPORTS, signedInPage, test } from './support/session';

/**
 * Support for members, in each language: the member finds Support in the menu, sends a request from
 * My requests; the consultant answers from the staff tickets screen; the member sees the answer in
 * the bell (pushed, no reload) and in the conversation, and replies; the mail of the answer is in the
 * outbox, in the member's language, and the consultant hears of the reply.
 */
const stamp = Date.now().toString(36);
const PASSWORD = 'support-password-1';
let admin: APIRequestContext;

test.setTimeout(180_000);

test.beforeAll(({ adminApi }) => {
  admin = adminApi;
});

async function createUser(data: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/v1/users/', { data: { password: PASSWORD, time_zone: 'Europe/Berlin', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A desktop browser signed in as `email`, on the dashboard (the login screen is foundation.spec's subject). */
const logIn = (browser: Browser, email: string): Promise<Page> => signedInPage(browser, email, { password: PASSWORD });

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));

for (const lang of ['ru', 'en', 'de'] as const) {
  test(
    `a member asks for support and talks with the consultant (${lang})`,
    { tag: '@my-request' },
    async ({ browser }) => {
      const web = tickets[lang];
      const server = catalogues[lang];
      const consultantEmail = `support-cons-${lang}-${stamp}@staff.atrium`;
      const memberEmail = `support-member-${lang}-${stamp}@e2e.example`;
      const consultantId = await createUser({
        email: consultantEmail,
        first_name: 'Clara',
        last_name: `Support${lang}`,
        role: 'consultant',
        language: lang,
      });
      const memberId = await createUser({
        email: memberEmail,
        first_name: 'Mira',
        last_name: `Member${lang}`,
        role: 'member',
        language: lang,
        responsible_id: consultantId,
      });
      const subject = `Lesson video ${lang} ${stamp}`;

      // The member: Support in the menu → My requests → New request.
      const member = await logIn(browser, memberEmail);
      await openFromMenu(member, server.menu_support);
      await expect(member).toHaveURL(/\/support$/);
      await expect(member.getByTestId('my-requests-empty')).toHaveText(web.my.empty);
      await member.getByRole('link', { name: web.my.new }).click();
      await member.getByRole('combobox', { name: web.request.type }).click();
      await clickWhenStill(member.getByRole('option').first());
      await member.locator('input[name="subject"]').fill(subject);
      await member.locator('textarea[name="message"]').fill('The video of lesson 3 does not start.');
      await member.getByRole('button', { name: web.request.submit }).click();
      await expect(member.getByTestId('request-sent')).toBeVisible();
      await expect(member).toHaveURL(/\/user\/new-request\/\d+$/);
      const ticketId = Number(/(\d+)$/.exec(member.url())?.[1]);
      // The conversation is headed by its request, not by the list's name.
      await expect(member.getByRole('heading', { level: 1 })).toHaveText(
        web.my.request_title.replace('%{id}', String(ticketId)),
      );
      await member.getByRole('link', { name: web.my.back }).first().click();
      // The list is read afresh: its first sight is the new request, not the old page saying there are none.
      const row = member.getByRole('row', { name: new RegExp(subject) });
      await expect(member.getByTestId('my-requests-empty').or(row)).toBeVisible();
      expect(await member.getByTestId('my-requests-empty').isVisible()).toBe(false);
      await expect(row).toContainText(web.my.no_answer);
      await expectNoRawKeys(member);

      // The consultant answers from the staff tickets screen.
      const consultant = await logIn(browser, consultantEmail);
      await openFromMenu(consultant, server.menu_staff_tickets);
      await consultant.getByRole('row', { name: new RegExp(subject) }).click();
      const dialog = consultant.getByRole('dialog');
      await dialog.getByRole('button', { name: web.take }).click();
      await expect(dialog.locator('textarea[name="comment"]')).toBeEditable();
      await dialog.locator('textarea[name="comment"]').fill('Please reload the page, it works again.');
      await dialog.getByRole('button', { name: web.add_comment }).click();
      await expect(dialog.getByTestId('ticket-messages')).toContainText('Please reload the page, it works again.');

      // The member's bell hears of it without a reload; the notice opens the conversation.
      const answered = fill(server.notification_ticket_answered, { ticket_id: ticketId, subject });
      await expect(member.getByTestId('notifications-badge')).toContainText('1');
      await member.getByTestId('notifications-bell').click();
      const notice = member.getByTestId('notifications-menu').getByText(answered);
      await expect(notice).toBeVisible();
      await notice.click();
      await expect(member).toHaveURL(new RegExp(`/user/new-request/${String(ticketId)}$`));
      await expect(member.getByTestId('ticket-messages')).toContainText('Please reload the page, it works again.');
      await expect(member.getByTestId('request-state')).toHaveText(web.my.in_progress);

      // The member replies; the reply is in the conversation.
      await member.locator('textarea[name="reply"]').fill('Thank you, it works now.');
      await member.getByRole('button', { name: web.my.send_reply }).click();
      await expect(member.getByTestId('ticket-messages')).toContainText('Thank you, it works now.');
      await expect(member.locator('textarea[name="reply"]')).toHaveValue('');
      await expectNoRawKeys(member);

      if (lang === 'en') {
        // The person page's Tickets tab: a row opens the ticket with its conversation, as the staff list does.
        // Team › Structure › the member, clicked as a consultant would (never by address), the answered
        // ticket's dialog closed first.
        await consultant.keyboard.press('Escape');
        await expect(consultant.getByRole('dialog')).toHaveCount(0);
        await openFromMenu(consultant, server.menu_team);
        await consultant.getByRole('tab', { name: team.en.tabs.structure }).click();
        await consultant.getByPlaceholder('Search', { exact: true }).fill(`Member${lang}`);
        await consultant.getByRole('cell', { name: `Member${lang}`, exact: true }).click();
        await expect(consultant).toHaveURL(new RegExp(`/user/view-details/${String(memberId)}$`));
        await consultant.getByRole('tab', { name: 'Tickets' }).click();
        await consultant.getByRole('row', { name: new RegExp(subject) }).click();
        await expect(consultant.getByRole('dialog').getByTestId('ticket-messages')).toContainText(
          'Thank you, it works now.',
        );
      }

      // Another day (a fresh load, nothing cached), from the menu: Support › My requests › the request opens
      // with the whole conversation (the list's row, which has no messages, never stands in for it).
      await member.reload();
      await openFromMenu(member, server.menu_support);
      await expect(member).toHaveURL(/\/support$/);
      const answeredRow = member.getByRole('row', { name: new RegExp(subject) });
      await expect(answeredRow).toContainText('Please reload the page, it works again.');
      await answeredRow.click();
      await expect(member).toHaveURL(new RegExp(`/user/new-request/${String(ticketId)}$`));
      await expect(member.getByTestId('ticket-messages')).toContainText('Please reload the page, it works again.');
      await expect(member.getByTestId('ticket-messages')).toContainText('Thank you, it works now.');
      await expect(member.getByTestId('request-state')).toHaveText(web.my.in_progress);

      // The mail of the answer, in the member's language, links the conversation; the consultant's mail names the reply.
      const mail = await waitForMail(memberEmail);
      expect(mail.subject).toBe(answered);
      // The mail's link opens the request, in the member's language.
      expect(linkIn(mail, '/user/new-request/')).toBe(`/user/new-request/${String(ticketId)}?lang=${lang}`);
      const replied = await waitForMail(consultantEmail);
      expect(replied.subject).toBe(
        fill(server.notification_ticket_reply, { ticket_id: ticketId, subject, name: `Mira Member${lang}` }),
      );
      // Its link opens that request on the staff tickets.
      expect(linkIn(replied, '/staff/tickets')).toBe(`/staff/tickets?ticket=${String(ticketId)}&lang=${lang}`);
    },
  );
}

/**
 * A member with no active consultant (issue #40 item 17): in English their consultant was deactivated,
 * in German and Russian they never had one. The member is told the support team answers; in English
 * an admin hears of it in the bell, opens it from there and answers, and the member reads the answer.
 */
for (const [lang, width] of LANGUAGE_WALKS) {
  test(
    `a member with no consultant is answered by support (${lang}, ${width})`,
    { tag: '@my-request' },
    async ({ browser }) => {
      const web = tickets[lang];
      const server = catalogues[lang];
      const memberEmail = `support-alone-${lang}-${stamp}@e2e.example`;
      const gone =
        lang === 'en'
          ? await createUser({
              email: `support-gone-${stamp}@staff.atrium`,
              first_name: 'Gone',
              last_name: 'Consultant',
              role: 'consultant',
              language: lang,
            })
          : undefined;
      await createUser({
        email: memberEmail,
        first_name: 'Alma',
        last_name: `Alone${lang}`,
        role: 'member',
        language: lang,
        ...(gone && { responsible_id: gone }),
      });
      if (gone) {
        const off = await admin.put(`/api/v1/users/${String(gone)}`, { data: { is_active: false } });
        expect(off.status(), await off.text()).toBe(200);
      }
      // A fresh admin of this language (every active admin hears of it): their bell has only this test's notices.
      const adminEmail = `support-admin-${lang}-${stamp}@staff.atrium`;
      if (lang === 'en')
        await createUser({ email: adminEmail, first_name: 'Ada', last_name: 'Support', role: 'admin', language: lang });
      const subject = `Alone ${lang} ${stamp}`;

      // The member: Support in the menu → New request; they read that the support team, not a consultant, answers.
      const member = await signedInPage(browser, memberEmail, { password: PASSWORD, viewport: VIEWPORTS[width] });
      // Before anything is sent, nothing promises a consultant: the dashboard's box, the empty list and the form say support.
      await expect(member.getByTestId('support-box')).toContainText(web.my.ask_support);
      if (width === 'phone') await member.getByRole('button', { name: OPEN_MENU[lang] }).click();
      await openFromMenu(member, server.menu_support);
      await expect(member.getByTestId('my-requests-empty')).toHaveText(web.my.empty_support);
      await member.getByRole('link', { name: web.my.new }).click();
      await expect(member.getByRole('heading', { name: web.request.heading_support })).toBeVisible();
      await member.getByRole('combobox', { name: web.request.type }).click();
      await clickWhenStill(member.getByRole('option').first());
      await member.locator('input[name="subject"]').fill(subject);
      await member.locator('textarea[name="message"]').fill('Who can help me with my payment?');
      await member.getByRole('button', { name: web.request.submit }).click();
      await expect(member).toHaveURL(/\/user\/new-request\/\d+$/);
      const ticketId = Number(/(\d+)$/.exec(member.url())?.[1]);
      await expect(member.getByTestId('request-sent')).toHaveText(
        web.request.sent_support.replace('%{id}', String(ticketId)),
      );
      // Opened again from My requests, it still says so.
      await member.getByRole('link', { name: web.my.back }).first().click();
      // (A table on a laptop, a list of cards on a phone: the subject opens it either way.)
      await member.getByText(subject).click();
      await expect(member.getByTestId('request-sent')).toHaveText(web.my.waiting_support);
      await expectNoRawKeys(member);
      if (lang !== 'en') return;
      await member.getByRole('link', { name: web.my.back }).first().click();

      // An admin: the bell names the new request; its notice opens that request itself (not just the list), where
      // they take and answer it.
      const staff = await signedInPage(browser, adminEmail, { password: PASSWORD });
      await expect(staff.getByTestId('notifications-badge')).toContainText('1');
      await staff.getByTestId('notifications-bell').click();
      await staff
        .getByTestId('notifications-menu')
        .getByText(fill(server.notification_ticket_created, { id: ticketId, subject }))
        .click();
      await expect(staff).toHaveURL(new RegExp(`/staff/tickets\\?ticket=${String(ticketId)}$`));
      const dialog = staff.getByRole('dialog');
      await expect(dialog.getByTestId('ticket-messages')).toContainText('Who can help me with my payment?');
      await dialog.getByRole('button', { name: web.take }).click();
      await expect(dialog.locator('textarea[name="comment"]')).toBeEditable();
      await dialog.locator('textarea[name="comment"]').fill('Our team will check your payment today.');
      await dialog.getByRole('button', { name: web.add_comment }).click();
      await expect(dialog.getByTestId('ticket-messages')).toContainText('Our team will check your payment today.');

      // The member's bell hears of the answer; the conversation shows it, worked on by the support team.
      await member.getByTestId('notifications-bell').click();
      await member
        .getByTestId('notifications-menu')
        .getByText(fill(server.notification_ticket_answered, { ticket_id: ticketId, subject }))
        .click();
      await expect(member.getByTestId('ticket-messages')).toContainText('Our team will check your payment today.');
      await expect(member.getByTestId('request-state')).toHaveText(web.my.in_progress_support);
    },
  );
}

test('a member switches a kind of notification off in the profile settings, and it stays off', async ({ browser }) => {
  const web = tickets.en;
  const email = `support-settings-${stamp}@e2e.example`;
  await createUser({ email, first_name: 'Sina', last_name: 'Settings', role: 'member', language: 'en' });
  const page = await logIn(browser, email);
  await openFromUserMenu(page, catalogues.en.menu_settings);
  await expect(page).toHaveURL(/\/profile\/settings$/);
  const card = page.getByTestId('notification-settings');
  const answered = card.getByRole('switch', { name: web.notify_settings.kinds.ticket_answered });
  await expect(answered).toBeChecked();
  // Staff-only kinds are not offered to members.
  await expect(card.getByRole('switch', { name: web.notify_settings.kinds.ticket_reply })).toHaveCount(0);
  await answered.click();
  await expect(page.getByText(web.notify_settings.saved)).toBeVisible();
  await expect(answered).not.toBeChecked();
  await page.reload();
  await expect(
    page.getByTestId('notification-settings').getByRole('switch', { name: web.notify_settings.kinds.ticket_answered }),
  ).not.toBeChecked();
  await expect(
    page.getByTestId('notification-settings').getByRole('switch', { name: web.notify_settings.kinds.ticket_completed }),
  ).toBeChecked();
});
