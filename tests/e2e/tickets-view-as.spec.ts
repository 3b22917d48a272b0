import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { staff } from '../../src/web/features/staff/i18n';
import { clickWhenStill } from './support/motion';
import { openFromMenu } from './support/menu';
import { apiAs, OPEN_MENU, test } from './support/session';

/**
 * Staff › Tickets' "View as" picker (#40: every list → detail path by clicking): the admin picks the
 * demo consultant and sees the consultant's tickets only (a request of a member they look after, not one
 * of a member outside their structure), opens it from the row, then goes back to their own tickets.
 * Desktop and phone.
 */

const stamp = Date.now().toString(36);
/** A request of a member the consultant looks after, and one of a member outside their structure. */
const theirs = `Konstantin's member ${stamp}`;
const notTheirs = `Someone else's member ${stamp}`;

let consultantApi: APIRequestContext;
let consultantId: number;

test.setTimeout(120_000);

test.beforeAll(async ({ baseURL, adminApi }) => {
  consultantApi = await apiAs(baseURL, 'consultant@demo.atrium');
  consultantId = ((await (await consultantApi.get('/api/accounts/me/')).json()) as { id: number }).id;
  const member = async (name: string, responsible?: number) => {
    const made = await adminApi.post('/api/v1/users/', {
      data: {
        email: `${name.toLowerCase()}-${stamp}@e2e.example`,
        first_name: name,
        last_name: `Tickets${stamp}`,
        role: 'member',
        ...(responsible !== undefined && { responsible_id: responsible }),
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    return ((await made.json()) as { id: number }).id;
  };
  const ticket = async (api: APIRequestContext, userId: number, subject: string) => {
    const made = await api.post('/api/tickets/consultant/create_ticket/', {
      data: { user_id: userId, type: 'question', subject, message: 'Where is the recording?' },
    });
    expect(made.status(), await made.text()).toBe(201);
  };
  await ticket(consultantApi, await member('Viktor', consultantId), theirs);
  await ticket(adminApi, await member('Wilma'), notTheirs);
});
test.afterAll(async () => {
  await consultantApi.dispose();
});

const ru = staff.ru;
const row = (page: Page, subject: string) => page.getByRole('row', { name: new RegExp(subject) });

/** The demo consultant in the page's "View as" picker. */
async function pickInViewAs(page: Page) {
  await page.getByRole('combobox', { name: ru.view_as.open }).fill('Konstantin');
  await clickWhenStill(page.getByRole('option', { name: 'Konstantin Berater' }));
}

async function viewAsAndBack(page: Page, phone = false) {
  // On a phone the side menu is a drawer behind its button.
  const fromMenu = async (entry: string) => {
    if (phone) await page.getByRole('button', { name: OPEN_MENU.ru }).click();
    await openFromMenu(page, entry);
  };
  // From the consultant's tasks, through Tasks' own "View as" picker and back: the Tickets page is opened
  // while Tasks is still arriving, and its picker has the same name. Tasks stayed on screen then for a
  // moment, and "View as" typed at once went into its picker (see common/ServerAccess.tsx).
  await fromMenu(catalogues.ru.menu_staff_tasks);
  await pickInViewAs(page);
  await expect(page).toHaveURL(new RegExp(`/staff/tasks/view-as/${String(consultantId)}$`));
  await page.getByTestId('view-as-banner').getByRole('link', { name: ru.view_as.leave }).click();
  await expect(page).toHaveURL(/\/staff\/tasks$/);
  await fromMenu(catalogues.ru.menu_staff_tickets);
  await pickInViewAs(page);
  await expect(page).toHaveURL(new RegExp(`/staff/tickets/view-as/${String(consultantId)}$`));
  const banner = page.getByTestId('view-as-banner');
  await expect(banner).toContainText('Konstantin Berater');
  // The consultant's requests: their member's, not the one outside their structure.
  await expect(row(page, theirs)).toBeVisible();
  await expect(row(page, notTheirs)).toHaveCount(0);
  // A row opens the request over the consultant's list, as on the admin's own (`?ticket=<id>`); Escape
  // closes it and the list is still the consultant's.
  await row(page, theirs).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('ticket-messages')).toContainText('Where is the recording?');
  await expect(page).toHaveURL(new RegExp(`/staff/tickets/view-as/${String(consultantId)}\\?ticket=\\d+$`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/staff/tickets/view-as/${String(consultantId)}$`));

  // Back to "me": the admin's own list holds both requests.
  await banner.getByRole('link', { name: ru.view_as.leave }).click();
  await expect(page).toHaveURL(/\/staff\/tickets$/);
  await expect(page.getByTestId('view-as-banner')).toHaveCount(0);
  await expect(row(page, notTheirs)).toBeVisible();
  await expect(row(page, theirs)).toBeVisible();
}

test('an admin opens a consultant’s tickets from the "View as" picker and goes back to their own', async ({
  asAdmin,
}) => {
  await viewAsAndBack(asAdmin);
});

test('the same on a phone', { tag: '@phone' }, async ({ asAdmin }) => {
  await viewAsAndBack(asAdmin, true);
});
