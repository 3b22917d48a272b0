import { expect } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { payments } from '../../src/web/features/payments/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { LANGUAGE_WALKS, OPEN_MENU, test, VIEWPORTS } from './support/session';

/**
 * #40 finding 17: the donation dialog states the configured minimum ($5 in the demo) under the amount
 * as it opens, before anything is typed or refused, in the member's language. en, de (phone), ru.
 */
const FIVE = { en: '$5.00', de: '5,00\u00a0$', ru: '5,00\u00a0$' } as const;

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({ freshUserOptions: { firstName: 'Dora', lastName: 'Donor', language: lang } });
    test(`the donation dialog states the minimum up front (${lang}, ${width})`, async ({ freshUser }) => {
      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
      await openFromMenu(page, catalogues[lang].menu_dashboard);
      await page.getByTestId('dashboard-donation').getByTestId('open-donation').click();
      const dialog = page.getByRole('dialog');
      const hint = payments[lang].donation.amount_hint_min.replace('%{amount}', FIVE[lang]);
      await expect(dialog.getByText(hint, { exact: true })).toBeVisible();
      await expect(dialog.getByTestId('donation-amount')).toHaveValue('');
      await expectNoRawKeys(page);
    });
  });
