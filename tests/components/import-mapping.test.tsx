import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { SchemaUserImportSaved } from '../../src/api/schema';
import { ImportMapping } from '../../src/web/features/imports/ImportMapping';
import { clickWhenStill, en, renderWithAdmin, waitFor } from './harness';

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

// A Google export's three phone columns: the first is the phone, the other two are both "Other phones".
const google = {
  id: 13,
  total: 1,
  preview: {
    columns: ['Given Name', 'Family Name', 'Phone 1 - Value', 'Phone 2 - Value', 'Phone 3 - Value'],
    rows: [['Tri', 'Phone', '+1 212 555 0150', '+1 212 555 0151', '+1 646 555 0153']],
    suggested_mapping: {
      'Given Name': 'first_name',
      'Family Name': 'last_name',
      'Phone 1 - Value': 'phone',
      'Phone 2 - Value': 'phone_other',
      'Phone 3 - Value': 'phone_other',
    },
    mapping_saved: false,
  },
} as unknown as SchemaUserImportSaved;

async function openMapping(startImport: (...args: unknown[]) => Promise<unknown>, file = saved) {
  const onStarted = vi.fn();
  const screen = await renderWithAdmin(
    <ImportMapping saved={file} consultantId={me.id} onStarted={onStarted} />,
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
    await clickWhenStill(screen.getByRole('option', { name: option, exact: true }));
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

  it('maps several phone columns to "Other phones", shows their samples and starts with every one of them', async () => {
    const startImport = vi.fn(() => Promise.resolve({}));
    const { screen, choose, start, onStarted } = await openMapping(startImport, google);
    await expect
      .element(screen.getByTestId('samples-phone_other'))
      .toHaveTextContent('+1 212 555 0151 · +1 646 555 0153');
    await expect.element(screen.getByTestId('mapping-unmapped')).not.toBeInTheDocument();
    // Taking Phone 3 for the phone leaves Phone 1 unmapped and Phone 2 the only other phone.
    await choose(new RegExp(`^${t.fields.phone} Phone 1`), 'Phone 3 - Value'); // the label, then the value
    await expect.element(screen.getByTestId('samples-phone_other')).toHaveTextContent(/^\+1 212 555 0151$/);
    await expect.element(screen.getByTestId('mapping-unmapped')).toHaveTextContent('Phone 1 - Value');
    // Picked again among the other phones, Phone 1 joins Phone 2 there.
    await choose(new RegExp(`^${t.fields.phone_other}`), 'Phone 1 - Value');
    await userEvent.keyboard('{Escape}'); // a list of several stays open after a pick
    await choose(new RegExp(`^${t.tag}`), 'Event');
    await start();
    await waitFor(() => {
      expect(onStarted).toHaveBeenCalled();
    });
    expect(startImport).toHaveBeenCalledWith(
      google.id,
      expect.objectContaining({
        mapping: {
          'Given Name': 'first_name',
          'Family Name': 'last_name',
          'Phone 3 - Value': 'phone',
          'Phone 1 - Value': 'phone_other',
          'Phone 2 - Value': 'phone_other',
        },
      }),
    );
  });

  it('asks for a tag before starting, then starts with the mapping and the settings', async () => {
    const startImport = vi.fn(() => Promise.resolve({}));
    const { screen, choose, start, onStarted } = await openMapping(startImport);
    await start();
    await expect.element(screen.getByText(en.staff.people.select_tag)).toBeVisible();
    expect(startImport).not.toHaveBeenCalled();
    await choose(new RegExp(`^${t.tag}`), 'Event');
    await start();
    await waitFor(() => {
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
