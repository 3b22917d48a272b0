import { expect } from '@playwright/test';
import { catalogues } from '../../src/server/i18n';
import { subscription } from '../../src/web/features/subscription/i18n';
import { expectNoRawKeys } from './support/admin-api';
import { openFromMenu } from './support/menu';
import { clickWhenStill } from './support/motion';
import { LANGUAGE_WALKS, OPEN_MENU, VIEWPORTS, test } from './support/session';

/**
 * What a member without a package is told (#40 finding 17): a locked lesson no package on sale includes
 * (the seed's "Getting started") is "not available yet", with no way to buy it; a lesson of a package
 * (the seed's Pro opens "Growing your team") offers a subscription. On the packages screen a period no
 * package is sold for says so for that period and offers the other periods. In en, de at phone width, ru.
 */

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/%\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

for (const [lang, width] of LANGUAGE_WALKS)
  test.describe(() => {
    test.use({ freshUserOptions: { firstName: 'Lou', lastName: 'Locked', language: lang } });
    test(`a lesson in no package is "not available yet"; an empty period offers the others (${lang}, ${width})`, async ({
      freshUser,
    }) => {
      const s = subscription[lang];
      const page = await freshUser.newPage({ viewport: VIEWPORTS[width] });
      const menu = async (name: string) => {
        if (width === 'phone') await page.getByRole('button', { name: OPEN_MENU[lang] }).click();
        await openFromMenu(page, name);
      };
      const openLesson = async (category: string, lesson: string) => {
        await menu(catalogues[lang].menu_lessons);
        await page.getByTestId('category-card').filter({ hasText: category }).getByRole('link').first().click();
        await page.getByTestId('lesson-card').filter({ hasText: lesson }).getByRole('link').first().click();
        await expect(page).toHaveURL(/\/lesson\/view\/\d+$/);
        await expect(page.getByTestId('lesson-locked')).toBeVisible();
      };

      // No package includes "Getting started": nothing to buy, the lesson is not available yet. The server's
      // reason (in_no_package) and sentence: the lesson page reads no packages to decide it.
      const packagesRead: string[] = [];
      const onRequest = (r: { url: () => string }) => {
        if (r.url().includes('/api/subscription/packages/')) packagesRead.push(r.url());
      };
      page.on('request', onRequest);
      await openLesson('Getting started', 'Your first week');
      await expect(page.getByTestId('lesson-locked-reason')).toHaveText(catalogues[lang].lesson_locked_in_no_package);
      await expect(page.getByTestId('choose-subscription')).toHaveCount(0);
      expect(packagesRead).toEqual([]);
      page.off('request', onRequest);
      await expectNoRawKeys(page);

      // Pro includes "Growing your team": the member is offered a subscription.
      await openLesson('Growing your team', 'Following up kindly');
      await expect(page.getByTestId('lesson-locked-reason')).toHaveText(catalogues[lang].lesson_locked_subscription);
      await page.getByTestId('choose-subscription').click();
      await expect(page).toHaveURL(/\/subscription$/);

      // A period no package is sold for (the seed sells Pro for one month only).
      const member = await freshUser.api();
      const periods = (await (
        await member.post('/api/subscription/periods/', { headers: { 'Accept-Language': lang } })
      ).json()) as Array<{ id: number; name: string; months: number }>;
      const empty: Array<{ id: number; name: string; months: number }> = [];
      for (const p of [...periods].sort((a, b) => b.months - a.months)) {
        const sold = (await (
          await member.post('/api/subscription/packages/', { data: { period: p.id } })
        ).json()) as unknown[];
        if (sold.length === 0) empty.push(p);
      }
      const period = empty[0];
      expect(period, 'a period with no package on sale').toBeDefined();
      const group = page.getByRole('group', { name: s.period });
      await clickWhenStill(group.getByRole('button', { name: period!.name, exact: true }));
      const none = page.getByTestId('no-packages-for-period');
      await expect(none).toContainText(fill(s.no_packages_for_period, { period: period!.name }));
      await expect(page.getByText(s.no_packages, { exact: true })).toHaveCount(0);
      // The other periods are offered; "all periods" brings Pro back.
      const others = periods.filter((p) => p.id !== period!.id);
      for (const p of others)
        await expect(none.getByRole('button', { name: fill(s.show_period, { period: p.name }) })).toBeVisible();
      await none.getByRole('button', { name: s.all_periods }).click();
      await expect(page.getByRole('heading', { name: 'Pro', level: 3 })).toBeVisible();
      await expectNoRawKeys(page);
    });
  });
