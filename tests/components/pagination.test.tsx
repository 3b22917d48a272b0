import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { render } from 'vitest-browser-react';
import { Pagination } from '../../src/web/common/Pagination';
import { raGerman } from '../../src/web/i18n/ra-de';
import { theme } from '../../src/web/layout/theme';

/** A list of 30 rows, 10 a page, on its first page. */
const list = {
  data: [],
  total: 30,
  page: 1,
  perPage: 10,
  hasNextPage: true,
  hasPreviousPage: false,
  isPending: false,
  setPage: () => undefined,
  setPerPage: () => undefined,
} as unknown as ListControllerResult;

describe('pagination', () => {
  it("names a phone's page arrows in the interface's language (react-admin leaves MUI's English there)", async () => {
    await page.viewport(390, 800);
    const screen = await render(
      <AdminContext i18nProvider={polyglotI18nProvider(() => raGerman, 'de')} theme={theme}>
        <ListContextProvider value={list}>
          <Pagination />
        </ListContextProvider>
      </AdminContext>,
    );
    await expect.element(screen.getByRole('button', { name: 'Zur nächsten Seite' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Zur vorherigen Seite' })).toBeInTheDocument();
  });
});
