import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { SchemaPaymentMethod } from '../../src/api/schema';
import { DonateButton } from '../../src/web/features/payments/donation/DonationDialog';
import { clickWhenStill, en, renderWithAdmin } from './harness';

const card: SchemaPaymentMethod = { id: 4, name: 'Card', kind: 'online', instructions: '' };

async function openDialog(donate: (body: unknown) => Promise<unknown>) {
  const screen = await renderWithAdmin(<DonateButton />, {
    getPaymentMethods: vi.fn(() => Promise.resolve([card])),
    getConfigs: vi.fn(() => Promise.resolve({ configs: { 'donations.min_amount': 5 } })),
    donate,
  } as never);
  const t = en.payments.donation;
  await screen.getByRole('button', { name: t.open }).click();
  const amount = screen.getByRole('textbox', { name: t.amount });
  const pay = async (value: string) => {
    await amount.fill(value);
    await screen.getByRole('combobox', { name: t.method }).click();
    await clickWhenStill(screen.getByRole('option', { name: 'Card' }));
    await screen.getByRole('button', { name: t.pay_online }).click();
  };
  return { amount, pay };
}

describe('donation form', () => {
  it('refuses an amount under the configured minimum before anything is sent', async () => {
    const donate = vi.fn(() => Promise.resolve({ payment_url: 'about:blank' }));
    const { amount, pay } = await openDialog(donate);
    await pay('2');
    await expect
      .element(amount)
      .toHaveAccessibleDescription(en.payments.donation.min_amount.replace('%{amount}', '$5.00'));
    expect(donate).not.toHaveBeenCalled();
  });

  it("shows the server's message under the amount", async () => {
    const donate = vi.fn(() =>
      Promise.reject(new HttpError('Bad request', 400, { errors: { amount: 'Ensure this is below 10000' } })),
    );
    const { amount, pay } = await openDialog(donate);
    await pay('20000');
    await expect.element(amount).toHaveAccessibleDescription('Ensure this is below 10000');
    expect(donate).toHaveBeenCalledWith(expect.objectContaining({ amount: '20000', payment_method: card.id }));
  });
});
