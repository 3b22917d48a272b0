import { describe, expect, it, vi } from 'vitest';
import { Edit } from 'react-admin';
import { ContactForm } from '../../src/web/features/contacts/ContactForm';
import { UserForm } from '../../src/web/features/users/UserForm';
import { en, renderWithAdmin, waitFor } from './harness';

// What the edit forms read besides their record: the pickers' choices (none needed here).
const none = () => Promise.resolve({ data: [], total: 0 });

describe('an edit form opens the stored phone grouped as the lists show it', () => {
  it('Contacts › Edit: +44 20 7946 0958, not +442079460958, and saves it as the number it is', async () => {
    const update = vi.fn((_r: string, p: { data: unknown }) =>
      Promise.resolve({ data: { id: 5, ...(p.data as object) } }),
    );
    const contact = {
      id: 5,
      first_name: 'Ada',
      last_name: 'Byron',
      phone: '+442079460958',
      email: '',
      tags: [],
      categories: [],
    };
    const screen = await renderWithAdmin(
      <Edit resource="contacts" id={5} mutationMode="pessimistic" redirect={false}>
        <ContactForm />
      </Edit>,
      {
        getOne: vi.fn(() => Promise.resolve({ data: contact })),
        getList: vi.fn(none),
        getMany: vi.fn(() => Promise.resolve({ data: [] })),
        update,
      } as never,
    );
    await expect
      .element(screen.getByRole('textbox', { name: en.contacts.fields.phone }))
      .toHaveValue('+44 20 7946 0958');
    // Opened grouped, the form is untouched (nothing to save) until a field changes.
    await expect.element(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await screen.getByRole('textbox', { name: en.contacts.fields.city }).fill('London');
    await screen.getByRole('button', { name: 'Save' }).click();
    await waitFor(() => {
      expect(update).toHaveBeenCalledWith(
        'contacts',
        expect.objectContaining({ data: expect.objectContaining({ phone: '+44 20 7946 0958' }) }),
      );
    });
  });

  it('Admin › Users › Edit: +1 212 555 0142, not +12125550142', async () => {
    const user = {
      id: 9,
      first_name: 'Sam',
      last_name: 'Hill',
      email: 'sam@example.com',
      phone: '+12125550142',
      role: 'member',
    };
    const screen = await renderWithAdmin(
      <Edit resource="users" id={9}>
        <UserForm />
      </Edit>,
      { getOne: vi.fn(() => Promise.resolve({ data: user })), getList: vi.fn(none) } as never,
    );
    await expect.element(screen.getByRole('textbox', { name: en.users.fields.phone })).toHaveValue('+1 212 555 0142');
  });
});
