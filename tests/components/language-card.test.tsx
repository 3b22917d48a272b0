import { describe, expect, it, vi } from 'vitest';
import { useGetIdentity } from 'react-admin';
import type { SchemaProfile } from '../../src/api/schema';
import { LanguageCard } from '../../src/web/features/profile/LanguageCard';
import { checkedAfterClick, profileOf, renderWithAdmin, waitFor } from './harness';

const me = profileOf();

/** Who is signed in, as the app bar asks: the identity the card's save reads again. */
function AppBarUser() {
  const { identity } = useGetIdentity();
  return <span>{identity?.fullName}</span>;
}

describe('language card', () => {
  it('keeps the picked language shown while the identity is read again after the save (it went back to the old one)', async () => {
    const identity = { id: 7, fullName: 'Anna Berg' };
    // The first read answers; the one after the save never does, so the moment between the save and the
    // switch lasts (on a busy machine it was long enough for a click's check to see the old language).
    const getIdentity = vi
      .fn()
      .mockResolvedValueOnce(identity)
      .mockReturnValue(new Promise(() => undefined));
    const setProfileLanguage = vi.fn((language: SchemaProfile['language']) => Promise.resolve({ ...me, language }));
    const screen = await renderWithAdmin(
      <>
        <AppBarUser />
        <LanguageCard me={me} />
      </>,
      { setProfileLanguage },
      { getIdentity },
    );
    await expect.element(screen.getByText('Anna Berg')).toBeVisible();
    await screen.getByRole('radio', { name: 'Deutsch' }).click();
    // Read again after the save (and once more when the switched interface draws itself anew).
    await waitFor(() => {
      expect(getIdentity.mock.calls.length).toBeGreaterThanOrEqual(2);
    });
    expect(setProfileLanguage).toHaveBeenCalledWith('de');
    await expect.element(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
    await expect.element(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
  });
});

describe('a choice saved at once', () => {
  it('shows the picked language from the click on, while the save has not answered (the radio went back until the mutation said it was pending)', async () => {
    const setProfileLanguage = vi.fn(() => new Promise<SchemaProfile>(() => undefined));
    const screen = await renderWithAdmin(<LanguageCard me={me} />, { setProfileLanguage });
    const deutsch = screen.getByRole('radio', { name: 'Deutsch' });
    expect(await checkedAfterClick(deutsch.element() as HTMLInputElement)).toBe(true);
    await expect.element(deutsch).toBeDisabled();
    expect(setProfileLanguage).toHaveBeenCalledWith('de');
  });
});
