import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../src/api/schema';
import { fmtTimeZone } from '../../src/web/common/format';
import { SettingsTab } from '../../src/web/features/team/person/SettingsTab';
import { clickWhenStill, en, renderWithAdmin, waitFor } from './harness';

const t = en.person.settings;

// The fields the Settings tab reads; the rest of the person page's record does not matter here.
const person = {
  id: 42,
  first_name: 'Vera',
  last_name: 'Lind',
  tags: [{ id: 1, name: 'Old customer' }],
  groups: [],
  work_zone: 'South',
  language: 'de',
  time_zone: 'Europe/Berlin',
  is_partner: false,
} as unknown as SchemaStaffUserDetails;

const labels = {
  tags: [
    { id: 1, name: 'Old customer' },
    { id: 2, name: 'VIP' },
  ],
  groups: [{ id: 5, name: 'Evening' }],
};

async function openSettings(updateUserSettings: (body: unknown) => Promise<unknown>) {
  const screen = await renderWithAdmin(<SettingsTab person={person} />, {
    getTagsGroups: vi.fn(() => Promise.resolve(labels)),
    updateUserSettings,
  } as never);
  const workZone = screen.getByRole('textbox', { name: t.work_zone });
  await expect.element(workZone).toHaveValue('South');
  const save = () => screen.getByRole('button', { name: t.save }).click();
  return { screen, workZone, save };
}

describe("the person page's Settings tab", () => {
  it('sends the settings as edited: picked labels by id, the work zone trimmed, the partner flag', async () => {
    const updateUserSettings = vi.fn(() => Promise.resolve({ detail: 'ok' }));
    const { screen, workZone, save } = await openSettings(updateUserSettings);
    await screen.getByRole('combobox', { name: t.tags }).click();
    await clickWhenStill(screen.getByRole('option', { name: 'VIP' }));
    await screen.getByRole('combobox', { name: t.groups }).click();
    await clickWhenStill(screen.getByRole('option', { name: 'Evening' }));
    await workZone.fill('  North  ');
    await screen.getByRole('switch', { name: t.is_partner }).click();
    await save();
    await waitFor(() => {
      expect(updateUserSettings).toHaveBeenCalledWith({
        user_id: 42,
        tags: [1, 2],
        groups: [5],
        work_zone: 'North',
        language: 'de',
        time_zone: 'Europe/Berlin',
        is_partner: true,
      });
    });
  });

  it('names the time zone as the Details tab does, and finds a zone by its city with a space', async () => {
    const updateUserSettings = vi.fn(() => Promise.resolve({ detail: 'ok' }));
    const { screen, save } = await openSettings(updateUserSettings);
    const zone = screen.getByRole('combobox', { name: t.time_zone });
    // "Central European Time (Europe/Berlin)", not the bare id beside the tab that names it so.
    await expect.element(zone).toHaveValue(fmtTimeZone('Europe/Berlin', 'en'));
    expect(fmtTimeZone('Europe/Berlin', 'en')).not.toBe('Europe/Berlin');
    await zone.fill('New York');
    await clickWhenStill(screen.getByRole('option', { name: fmtTimeZone('America/New_York', 'en') }));
    await save();
    await waitFor(() => {
      expect(updateUserSettings).toHaveBeenCalledWith(expect.objectContaining({ time_zone: 'America/New_York' }));
    });
  });

  it('sends an emptied work zone as none, not as an empty text', async () => {
    const updateUserSettings = vi.fn(() => Promise.resolve({ detail: 'ok' }));
    const { workZone, save } = await openSettings(updateUserSettings);
    await workZone.fill('');
    await save();
    await waitFor(() => {
      expect(updateUserSettings).toHaveBeenCalledWith(expect.objectContaining({ work_zone: null, tags: [1] }));
    });
  });

  it("shows the server's refusal of a field under that field, and what belongs to no field above the form", async () => {
    const updateUserSettings = vi.fn(() =>
      Promise.reject(
        new HttpError('Bad request', 400, {
          errors: { work_zone: 'No such work zone', non_field_errors: 'The person was removed meanwhile' },
        }),
      ),
    );
    const { screen, workZone, save } = await openSettings(updateUserSettings);
    await save();
    await expect.element(workZone).toHaveAccessibleDescription('No such work zone');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('The person was removed meanwhile');
    expect(updateUserSettings).toHaveBeenCalledOnce();
  });
});
