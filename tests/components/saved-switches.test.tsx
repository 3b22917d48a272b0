import { describe, expect, it, vi } from 'vitest';
import type { SchemaNotificationSettings, SchemaSubscription } from '../../src/api/schema';
import { CurrentPackage } from '../../src/web/features/subscription/CurrentPackage';
import { NotificationSettingsCard } from '../../src/web/features/notifications/NotificationSettingsCard';
import { checkedAfterClick, renderWithAdmin } from './harness';

const never = () => new Promise<never>(() => undefined);

/**
 * Switches saved at once keep the position a person gave them from the click on, while the save has not
 * answered: they followed the mutation's pending state, which reaches React after the click, and until
 * then the controlled switch went back (the notification settings' until the settings were read again).
 */
describe('switches saved at once', () => {
  it('auto-pay', async () => {
    const current = {
      id: 1,
      package: { id: 2, name: 'Standard', period: { id: 1, name: 'Month' }, lesson_categories: [] },
      starts_at: '2026-11-01T00:00:00Z',
      ends_at: '2026-12-01T00:00:00Z',
      auto_pay: true,
      status: 'active',
    } as unknown as SchemaSubscription;
    const setAutoPay = vi.fn(never);
    const screen = await renderWithAdmin(<CurrentPackage current={current} />, { setAutoPay });
    const input = screen.getByTestId('auto-pay-switch').getByRole('switch');
    expect(await checkedAfterClick(input.element() as HTMLInputElement)).toBe(false);
    await expect.element(input).toBeDisabled();
    expect(setAutoPay).toHaveBeenCalledWith(false);
  });

  it('a kind of notification', async () => {
    const settings: SchemaNotificationSettings = {
      settings: [
        { kind: 'ticket_answered', enabled: true },
        { kind: 'ticket_completed', enabled: true },
      ],
    };
    const updateNotificationSettings = vi.fn(never);
    const screen = await renderWithAdmin(<NotificationSettingsCard />, {
      getNotificationSettings: vi.fn(() => Promise.resolve(settings)),
      updateNotificationSettings,
    });
    const first = screen.getByRole('switch').first();
    await expect.element(first).toBeChecked();
    expect(await checkedAfterClick(first.element() as HTMLInputElement)).toBe(false);
    await expect.element(first).toBeDisabled();
    expect(updateNotificationSettings).toHaveBeenCalledOnce();
  });
});
