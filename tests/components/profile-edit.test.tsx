import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { SchemaProfile } from '../../src/api/schema';
import ProfileEditPage from '../../src/web/features/profile/ProfileEditPage';
import { fmtTimeZone } from '../../src/web/common/format';
import { en, profileOf, renderWithAdmin, waitFor } from './harness';

const me = profileOf();

async function openProfile(changes: Partial<SchemaProfile> = {}) {
  const profile = { ...me, ...changes };
  const updateProfile = vi.fn((body: { date_birth?: string | null }) =>
    Promise.resolve({ token: 't', user: { ...profile, date_birth: body.date_birth ?? null } }),
  );
  const screen = await renderWithAdmin(<ProfileEditPage />, {
    getProfile: vi.fn(() => Promise.resolve(profile)),
    updateProfile,
  });
  const birth = screen.getByRole('textbox', { name: en.profile.fields.date_birth });
  await expect.element(birth).toHaveValue('24/05/1990');
  // The picker's text as a person types it: everything selected and replaced.
  const retype = async (keys: string) => {
    await birth.click();
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await userEvent.keyboard(keys);
  };
  const save = () => screen.getByRole('button', { name: en.profile.save }).click();
  return { screen, birth, retype, save, updateProfile };
}

describe('profile edit form', () => {
  it('shows a half-typed birth date as the field error and sends nothing (it used to save it as empty)', async () => {
    const { screen, birth, retype, save, updateProfile } = await openProfile();
    await retype('0909');
    await expect.element(birth).toHaveValue('09/09/YYYY');
    await save();
    await expect.element(screen.getByText(en.profile.errors.date_format)).toBeVisible();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('sends a whole birth date as the API date', async () => {
    const { retype, save, updateProfile } = await openProfile();
    await retype('01021985');
    await save();
    await waitFor(() => {
      expect(updateProfile).toHaveBeenCalledWith(expect.objectContaining({ date_birth: '1985-02-01', city: 'Berlin' }));
    });
  });

  it('shows the phone grouped and the time zone named as the profile view does, and saves them untouched', async () => {
    const { screen, save, updateProfile } = await openProfile({ phone: '+12125550142', time_zone: 'America/New_York' });
    await expect.element(screen.getByRole('textbox', { name: en.profile.fields.phone })).toHaveValue('+1 212 555 0142');
    await expect
      .element(screen.getByRole('combobox', { name: en.profile.fields.time_zone }))
      .toHaveValue(fmtTimeZone('America/New_York', 'en'));
    expect(fmtTimeZone('America/New_York', 'en')).toBe('Eastern Time (America/New_York)');
    // The grouped number is the stored one: no current password is asked for.
    await expect.element(screen.getByLabelText(en.profile.edit.current_password)).not.toBeInTheDocument();
    await save();
    await waitFor(() => {
      expect(updateProfile).toHaveBeenCalledWith(expect.objectContaining({ time_zone: 'America/New_York' }));
    });
    expect(updateProfile.mock.calls[0]?.[0]).not.toHaveProperty('old_password');
  });

  it('asks again when another tab is clicked right after "Stay", before React has drawn the answer', async () => {
    // The form's own address, for the other tabs to be outside it (the harness's hash router starts there).
    const start = window.location.href;
    window.history.replaceState(null, '', '#/profile/edit');
    const confirm = vi.spyOn(window, 'confirm');
    try {
      const { screen, retype } = await openProfile();
      await retype('0909');
      const tab = screen.getByRole('tab', { name: en.profile.tabs.view });
      // "Stay", and a click on the tab before React draws it (a busy browser handles input before React's
      // next task): the router draws both in one transition, blocked to blocked, and react-admin's question,
      // asked when the blocker's state changes, never came for that click or any later one.
      confirm
        .mockImplementationOnce(() => {
          queueMicrotask(() => {
            (tab.element() as HTMLElement).click();
          });
          return false;
        })
        .mockImplementationOnce(() => false)
        .mockImplementationOnce(() => true);
      await tab.click();
      await waitFor(() => {
        expect(confirm).toHaveBeenCalledTimes(2);
      });
      expect(window.location.hash).toBe('#/profile/edit');
      // A later click asks too, and leaves when told to.
      await tab.click();
      await waitFor(() => {
        expect(window.location.hash).toBe('#/profile/view');
      });
      expect(confirm).toHaveBeenCalledTimes(3);
    } finally {
      confirm.mockRestore();
      window.history.replaceState(null, '', start);
    }
  });
});
