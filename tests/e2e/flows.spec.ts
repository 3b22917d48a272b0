import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoRawKeys } from './support/admin-api';
import { catalogues } from '../../src/server/i18n';
import { flows as texts } from '../../src/web/features/flows/i18n';
import { gradientPng } from './fixtures/files';
import { linkIn, waitForMail, waitForMailAbout } from './support/mail';
import { clickWhenStill } from './support/motion';
import { openFromMenu } from './support/menu';
import { OPEN_MENU, VIEWPORTS, keptPage, test } from './support/session';
import { saveShot } from './support/screens';
import { rememberLanguage } from './support/language';

/**
 * Funnels end to end: a member creates a flow, builds its landing (heading, image, lead form) in the
 * editor, reorders, publishes and copies the link; a logged-out visitor opens /l/{name}, where hostile
 * text stays inert, is refused with a taken email and signs up with a fresh one (and, as the form's
 * switch says, gets an invitation mail with a set-password link); the flow's stats count
 * the view and the sign-up and the lead waits in the owner's list. Screenshots: editor and public page,
 * phone and desktop, in ru, en and de.
 */

const stamp = Date.now().toString(36);
const ru = texts.ru;

let admin: APIRequestContext;

test.beforeAll(({ adminApi }) => {
  admin = adminApi;
});

/** Adds an element through the editor: the type from the menu, then `fill` the dialog, then save. */
async function addElement(
  page: Page,
  type: keyof typeof ru.types,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: ru.editor.add }).click();
  await clickWhenStill(page.getByRole('menuitem', { name: ru.types[type] }));
  const dialog = page.getByRole('dialog', { name: ru.editor.new_element.replace('%{type}', ru.types[type]) });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: ru.editor.save }).click();
  await expect(dialog).toBeHidden();
}

// The flow's owner: a fresh Russian member.
test.use({ freshUserOptions: { firstName: 'Olga', lastName: 'Owner', language: 'ru' } });

test('a member builds and publishes a landing; a visitor signs up through it', async ({
  browser,
  baseURL,
  freshUser,
}) => {
  test.setTimeout(360_000);
  const ownerId = freshUser.id;
  const page = await freshUser.newPage({ viewport: VIEWPORTS.desktop });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const token = (await page.evaluate(() => localStorage.getItem('atrium:token')))!;
  const ownerApi = await freshUser.api();

  // --- Create the flow; the address is checked while typing. ---
  await openFromMenu(page, catalogues.ru.menu_flows);
  await expect(page.getByText(ru.empty)).toBeVisible();
  await page
    .getByRole('link', { name: /Создать/ })
    .first()
    .click();
  await page.locator('input[name="name"]').fill('Весенний поток');
  const landing = `spring-${stamp}`;
  await page.locator('input[name="landing_name"]').fill(landing);
  await expect(page.getByText(ru.name_free)).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(ru.created)).toBeVisible();
  const row = page.getByRole('row', { name: /Весенний поток/ });
  await expect(row).toBeVisible();
  const flow = (
    (await (await ownerApi.get('/api/user_flows/')).json()) as Array<{ id: number; landing_name: string }>
  )[0]!;
  expect(flow.landing_name).toBe(landing);

  // --- The editor: heading, image, lead form; hostile text (as a crafted API call would send it). ---
  await row.getByRole('link', { name: ru.edit_landing }).click();
  await expect(page).toHaveURL(new RegExp(`/flows/edit_landing/${flow.id}$`));
  await expect(page.getByText(ru.editor.empty)).toBeVisible();
  await addElement(page, 'heading', async (d) => {
    await d.locator('input[name="content.text"]').fill('Начните расти вместе с нами');
    // The live preview follows the typing.
    await expect(d.getByRole('heading', { name: 'Начните расти вместе с нами' })).toBeVisible();
  });
  await addElement(page, 'image', async (d) => {
    await d.locator('input[type="file"]').setInputFiles({
      name: 'team.png',
      mimeType: 'image/png',
      buffer: gradientPng(480, 240, [47, 85, 212], [245, 166, 35]),
    });
    await d.locator('input[name="content.alt"]').fill('Наша команда');
    await expect(d.getByRole('img', { name: 'Наша команда' })).toBeVisible();
  });
  await addElement(page, 'lead_form', async (d) => {
    await d.locator('input[name="content.title"]').fill('Оставьте заявку');
    await d
      .locator('input[name="content.success_message"], textarea[name="content.success_message"]')
      .first()
      .fill('Спасибо, мы свяжемся с вами!');
    // Each sign-up with an email is invited to set a password.
    await d.getByRole('switch', { name: ru.element.send_invitation }).check();
  });
  const hostile = await ownerApi.post(`/api/user_flows/landing_edit/${flow.id}/`, {
    data: {
      type: 'text',
      order: 1,
      content: { html: '<p>Смотрите <img src=x onerror=alert(1)> <a href="javascript:alert(1)">сюда</a></p>' },
    },
  });
  expect(hostile.status(), await hostile.text()).toBe(201);
  await page.reload();
  const items = page.getByRole('list', { name: ru.editor.elements }).getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(1)).toContainText(ru.types.text);

  // Reorder with the keyboard-friendly arrows: the text goes below the image.
  await items.nth(1).getByRole('button', { name: ru.editor.move_down }).click();
  await expect(items.nth(1)).toContainText(ru.types.image);
  await expect(items.nth(2)).toContainText(ru.types.text);

  // Publish, then copy the public link.
  await page.getByRole('button', { name: ru.editor.publish }).click();
  await expect(page.getByText(ru.editor.now_published)).toBeVisible();
  await page.getByRole('button', { name: ru.copy_link }).click();
  await expect(page.getByText(ru.link_copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/l/${landing}`);

  // --- A logged-out visitor (an English browser). ---
  const pub = await keptPage(browser, { viewport: VIEWPORTS.phone, locale: 'en-US' });
  const dialogs: string[] = [];
  pub.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const errors: string[] = [];
  pub.on('pageerror', (e) => errors.push(e.message));
  const res = await pub.goto(`/l/${landing}`);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
  await expect(pub.getByRole('heading', { name: 'Начните расти вместе с нами' })).toBeVisible();
  await expect(pub.getByRole('img', { name: 'Наша команда' })).toBeVisible();
  expect(await pub.locator('img[src="x"], [onerror]').count()).toBe(0);
  const hrefs = await pub.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
  await pub.getByText('сюда').click();
  await saveShot(pub, `flows-public-en-phone`);

  // An email that has an account is answered as a new one (its holder is mailed instead): nothing is
  // said as the visitor leaves the field, and sending shows the form's thanks.
  await pub.locator('#f-first_name').fill('Vera');
  await pub.locator('#f-email').fill('member@demo.atrium');
  const checked = pub.waitForResponse((r) => r.url().includes('/api/landings/validate_email/'));
  await pub.locator('#f-phone').focus();
  expect((await checked).status()).toBe(200);
  await expect(pub.locator('#e-email')).toHaveText('');
  await pub.getByRole('button', { name: 'Send' }).click();
  await expect(pub.getByRole('status')).toHaveText('Спасибо, мы свяжемся с вами!');
  await waitForMailAbout('member@demo.atrium', catalogues.ru.mail_signup_attempt_subject);
  await pub.goto(`/l/${landing}`);
  await pub.locator('#f-first_name').fill('Vera');
  const lead = `lead-${stamp}@e2e.example`;
  await pub.locator('#f-email').fill(lead);
  await pub.getByRole('button', { name: 'Send' }).click();
  await expect(pub.getByRole('status')).toHaveText('Спасибо, мы свяжемся с вами!');
  // The form's switch sent the new lead an invitation with a set-password link.
  expect(linkIn(await waitForMail(lead), '/set-password/')).toMatch(/^\/set-password\//);
  await pub.setViewportSize(VIEWPORTS.desktop);
  await saveShot(pub, `flows-public-en-desktop`);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);

  // --- The stats count the two views (the page was opened again after the held email's thanks) and the one
  // sign-up (the held email created nothing); the lead waits, referred by the owner. ---
  await expect
    .poll(
      async () =>
        (await (await ownerApi.get(`/api/user_flows/stats/${flow.id}/`)).json()) as { views: number; signups: number },
    )
    .toMatchObject({ views: 2, signups: 1 });
  const users = (await (await admin.get(`/api/v1/users/?search=${encodeURIComponent(lead)}`)).json()) as {
    results: Array<Record<string, unknown>>;
  };
  expect(users.results[0]).toMatchObject({ email: lead, lead_status: 'waiting', referrer_id: ownerId, role: 'member' });
  const waiting = await ownerApi.post(`/api/team/get_waiting_users/?search=${encodeURIComponent(lead)}`, { data: {} });
  if (waiting.status() !== 501) {
    expect(waiting.status(), await waiting.text()).toBe(200);
    expect(JSON.stringify(await waiting.json())).toContain(lead);
  }
  await openFromMenu(page, catalogues.ru.menu_flows);
  const statsRow = page.getByRole('row', { name: /Весенний поток/ });
  // One sign-up of two views.
  await expect(statsRow).toContainText('50.00%');

  // --- Screenshots of the list, the flow with its chart, and the editor in three languages. ---
  for (const lang of ['ru', 'en', 'de'] as const) {
    const set = await page.request.post('/api/accounts/set_language/', {
      headers: { Authorization: `JWT ${token}` },
      data: { language: lang },
    });
    expect(set.ok(), await set.text()).toBeTruthy();
    await rememberLanguage(page, lang);
    for (const [device, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      // The app is loaded anew on the start page (the language just picked applies on a load) and the list
      // opened from its menu (a phone's is behind the app bar's button); from there a person clicks the
      // flow, and on its page the landing editor (a phone's list has no row actions).
      const shots = {
        'flows-list': {
          open: async () => {
            await page.goto('/dashboard');
            if (device === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
            await openFromMenu(page, catalogues[lang].menu_flows);
          },
          ready: page.getByText(`/l/${landing}`).first(),
        },
        'flows-edit': {
          open: () => page.getByText('Весенний поток').first().click(),
          ready: page.locator('.MuiChartsSurface-root, svg.MuiChartsSurface-root').first(),
        },
        'flows-editor': {
          open: () => page.getByRole('link', { name: texts[lang].edit_landing }).click(),
          ready: page.getByRole('list', { name: texts[lang].editor.elements }),
        },
      };
      for (const [name, { open, ready }] of Object.entries(shots)) {
        await open();
        await expect(ready).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await page.evaluate(() => document.fonts.ready);
        await expectNoRawKeys(page);
        await saveShot(page, `${name}-${lang}-${device}`);
      }
    }
  }
  // The element editor with its live preview, reached from the list as a person does.
  await openFromMenu(page, catalogues.de.menu_flows);
  await page
    .getByRole('row', { name: /Весенний поток/ })
    .getByRole('link', { name: texts.de.edit_landing })
    .click();
  await expect(page).toHaveURL(new RegExp(`/flows/edit_landing/${flow.id}$`));
  await page
    .getByRole('list', { name: texts.de.editor.elements })
    .getByRole('listitem')
    .last()
    .getByRole('button', { name: texts.de.editor.edit })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await saveShot(page, `flows-element-de-desktop`);
});
