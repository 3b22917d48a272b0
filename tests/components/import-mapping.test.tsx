import { describe, expect, it, vi } from 'vitest';
import type { SchemaUserImportSaved } from '../../src/api/schema';
import { ImportMapping } from '../../src/web/features/imports/ImportMapping';
import { en, renderWithAdmin } from './harness';

const saved = {
  id: 12,
  total: 2,
  preview: {
    columns: ['Name', 'Surname', 'Mail'],
    rows: [
      ['Anna', 'Berg', 'anna@example.com'],
      ['Boris', 'Kern', 'boris@example.com'],
    ],
    suggested_mapping: { Name: 'first_name', Surname: 'last_name', Mail: 'email' },
    mapping_saved: false,
  },
} as unknown as SchemaUserImportSaved;
const me = { id: 1, first_name: 'Ida', last_name: 'Admin', email: 'ida@example.com' };
const t = en.imports;

async function openMapping(startImport: (...args: unknown[]) => Promise<unknown>) {
  const onStarted = vi.fn();
  const screen = await renderWithAdmin(
    <ImportMapping saved={saved} consultantId={me.id} onStarted={onStarted} />,
    {
      importTags: vi.fn(() => Promise.resolve([{ id: 3, name: 'Event' }])),
      getList: vi.fn(() => Promise.resolve({ data: [me], total: 1 })),
      startImport,
    } as never,
    {
      getIdentity: () =>
        Promise.resolve({ id: me.id, profile: { ...me, language: 'en', country: 'DE', time_zone: 'Europe/Berlin' } }),
    },
  );
  const choose = async (name: string | RegExp, option: string) => {
    await screen.getByRole('combobox', { name }).click();
    await screen.getByRole('option', { name: option, exact: true }).click();
  };
  const start = () => screen.getByRole('button', { name: t.start }).click();
  return { screen, choose, start, onStarted };
}

describe('import mapping form', () => {
  it('shows the samples of the chosen column and moves a column from one field to another', async () => {
    const { screen, choose } = await openMapping(vi.fn());
    await expect.element(screen.getByTestId('samples-first_name')).toHaveTextContent('Anna · Boris');
    await choose(t.fields.last_name, 'Name');
    await expect.element(screen.getByTestId('map-first_name')).toHaveValue('');
    await expect.element(screen.getByTestId('samples-last_name')).toHaveTextContent('Anna · Boris');
    await expect.element(screen.getByTestId('mapping-unmapped')).toHaveTextContent('Surname');
  });

  it('asks for a tag before starting, then starts with the mapping and the settings', async () => {
    const startImport = vi.fn(() => Promise.resolve({}));
    const { screen, choose, start, onStarted } = await openMapping(startImport);
    await start();
    await expect.element(screen.getByText(en.staff.people.select_tag)).toBeVisible();
    expect(startImport).not.toHaveBeenCalled();
    await choose(new RegExp(`^${t.tag}`), 'Event');
    await start();
    await vi.waitFor(() => {
      expect(onStarted).toHaveBeenCalled();
    });
    expect(startImport).toHaveBeenCalledWith(
      saved.id,
      expect.objectContaining({
        mapping: { Name: 'first_name', Surname: 'last_name', Mail: 'email' },
        consultant_id: me.id,
        tag_id: 3,
        default_country: 'DE',
        language: 'en',
        time_zone: 'Europe/Berlin',
        send_invitations: false,
      }),
    );
  });
});
