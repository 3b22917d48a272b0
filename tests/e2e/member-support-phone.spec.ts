import { expect } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { tickets } from '../../src/web/features/tickets/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { OPEN_MENU, VIEWPORTS, test, type FreshUser } from './support/session';

/**
 * Support on an iPhone and the footer's Support (#40 finding 17): "My requests" is a list, not a table
 * clipped at the screen's edge; an open request's reply box is never under the install banner; the
 * footer's "Support" (the seed's mail to the support address) opens the Support form, as the menu does.
 * In en, de and ru at 390 px with Safari's iPhone user agent, and on a laptop.
 */

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const stamp = Date.now().toString(36);
// The seed's footer link to the support address, in the reader's language (the seed's translations).
const FOOTER_SUPPORT = { en: 'Support', de: 'Support', ru: 'Поддержка' } as const;

/** `member` (a fresh one, Pia Phone) opens a request; returns its subject. */
async function openRequest(member: FreshUser, tag: string) {
  const api = await member.api();
  const subject = `Video does not start ${tag} ${member.language} ${stamp}`;
  const ticket = await api.post('/api/tickets/create/', {
    data: { type: 'question', subject, message: 'The video of lesson 3 does not start.' },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  return subject;
}

test.use({ freshUserOptions: { firstName: 'Pia', lastName: 'Phone', language: 'en' } });

for (const lang of ['en', 'de', 'ru'] as const)
  test.describe(() => {
    // The phone project (playwright.config.ts) gives the phone's width and touch; this describe, Safari.
    test.use({ userAgent: IPHONE_SAFARI, freshUserOptions: { firstName: 'Pia', lastName: 'Phone', language: lang } });
    test(
      `on an iPhone: My requests is a list and the reply box is free of the install banner (${lang})`,
      { tag: ['@phone', '@my-request'] },
      async ({ freshUser }) => {
        const web = tickets[lang];
        const subject = await openRequest(freshUser, 'ios');
        const page = await freshUser.newPage();
        const banner = page.getByTestId('ios-install-banner');
        await expect(banner).toBeVisible();

        await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
        await openFromMenu(page, catalogues[lang].menu_support);
        await expect(page).toHaveURL(/\/support$/);
        const item = page.getByRole('list', { name: web.my.title }).getByRole('button', { name: new RegExp(subject) });
        await expect(item).toBeVisible();
        await expect(item).toContainText(web.my.no_answer);
        // A list that fits the phone, not a table wider than the screen.
        await expect(page.getByRole('table')).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS.phone.width,
        );
        await expectNoRawKeys(page);

        await item.click();
        await expect(page).toHaveURL(/\/user\/new-request\/\d+$/);
        const reply = page.locator('textarea[name="reply"]');
        await reply.scrollIntoViewIfNeeded();
        await expect(reply).toBeVisible();
        await expect(banner).toHaveCount(0);
        // Nothing lies over the reply box: the element at its middle is the box itself.
        const box = await reply.boundingBox();
        expect(box).not.toBeNull();
        const onTop = await page.evaluate(
          ({ x, y }) => (document.elementFromPoint(x, y) as HTMLElement | null)?.getAttribute('name') ?? null,
          { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
        );
        expect(onTop).toBe('reply');
        await reply.fill('It works now, thank you.');
        await page.getByRole('button', { name: web.my.send_reply }).click();
        await expect(page.getByTestId('ticket-messages')).toContainText('It works now, thank you.');

        // The footer's Support opens the Support form, not a mail program.
        const footerSupport = page
          .getByTestId('app-footer')
          .getByRole('link', { name: FOOTER_SUPPORT[lang], exact: true });
        await expect(footerSupport).not.toHaveAttribute('href', /^mailto:/);
        await footerSupport.click();
        await expect(page).toHaveURL(/\/user\/new-request\/new$/);
        await expect(page.locator('textarea[name="message"]')).toBeVisible();
        await expect(banner).toHaveCount(0);
      },
    );
  });

test("on a laptop the footer's Support opens a new request and My requests is a table (en)", async ({ freshUser }) => {
  const web = tickets.en;
  const subject = await openRequest(freshUser, 'desk');
  const page = await freshUser.newPage();
  const footer = page.getByTestId('app-footer');
  // Other addresses stay what the admin made them.
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', /^https:/);
  await footer.getByRole('link', { name: FOOTER_SUPPORT.en, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/new-request\/new$/);
  await expect(page.locator('textarea[name="message"]')).toBeVisible();

  await openFromMenu(page, catalogues.en.menu_support);
  await expect(page.getByRole('table', { name: web.my.title })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toBeVisible();
});
