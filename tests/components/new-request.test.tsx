import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import NewRequestPage from '../../src/web/features/tickets/NewRequestPage';
import { clickWhenStill, en, renderWithAdmin } from './harness';

const choices = { types: [{ value: 'question', label: 'A question' }], statuses: [] };

async function openForm(createMyTicket: (body: unknown) => Promise<unknown>) {
  const screen = await renderWithAdmin(<NewRequestPage />, {
    getTicketChoices: vi.fn(() => Promise.resolve(choices)),
    createMyTicket,
  } as never);
  const t = en.tickets.request;
  const fill = async () => {
    await screen.getByRole('combobox', { name: t.type }).click();
    await clickWhenStill(screen.getByRole('option', { name: 'A question' }));
    await screen.getByRole('textbox', { name: t.subject }).fill('Payment');
    await screen.getByRole('textbox', { name: t.message }).fill('It did not arrive');
  };
  const send = () => screen.getByRole('button', { name: t.submit }).click();
  return { screen, fill, send };
}

describe('new request form', () => {
  it('says which fields are empty and sends nothing', async () => {
    const createMyTicket = vi.fn(() => Promise.resolve({ id: 1 }));
    const { screen, send } = await openForm(createMyTicket);
    await send();
    await expect.element(screen.getByText(en.tasks.fill_field).nth(2)).toBeVisible();
    expect(createMyTicket).not.toHaveBeenCalled();
  });

  it("sends the request and shows the server's message under its field", async () => {
    const createMyTicket = vi.fn(() =>
      Promise.reject(new HttpError('Bad request', 400, { errors: { subject: 'Too similar to your last one' } })),
    );
    const { screen, fill, send } = await openForm(createMyTicket);
    await fill();
    await send();
    await expect
      .element(screen.getByRole('textbox', { name: en.tickets.request.subject }))
      .toHaveAccessibleDescription('Too similar to your last one');
    expect(createMyTicket).toHaveBeenCalledWith({ type: 'question', subject: 'Payment', message: 'It did not arrive' });
  });
});
