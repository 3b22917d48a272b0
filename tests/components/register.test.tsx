import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import RegisterPage from '../../src/web/features/auth/RegisterPage';
import { en, renderWithAdmin } from './harness';

const ADMIN_LINK = 'http://localhost/register/ADMIN1';

async function openRegister(register: (body: unknown) => Promise<unknown>) {
  const screen = await renderWithAdmin(<RegisterPage />, {
    register: vi.fn(register) as never,
    getAdminRegLink: vi.fn(() => Promise.resolve({ link: ADMIN_LINK })),
  });
  const field = (label: string) => screen.getByRole('textbox', { name: label, exact: false });
  const submit = () => screen.getByRole('button', { name: en.auth.register.submit }).click();
  return { screen, field, submit };
}

describe('register form', () => {
  it("gives the phone example of the visitor's country: +1 in New York with an English browser, not +49", async () => {
    // The browser's zone as a New York visitor's (the page reads it from a new DateTimeFormat's options).
    const options = new Intl.DateTimeFormat().resolvedOptions();
    const zone = vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockReturnValue({ ...options, timeZone: 'America/New_York' });
    try {
      const { field } = await openRegister(() => Promise.resolve({}));
      const phone = field(en.auth.register.phone);
      await expect.element(phone).toHaveAccessibleDescription(/\+1\s201\s555\s0123$/);
      await expect.element(phone).not.toHaveAccessibleDescription(/\+49/);
    } finally {
      zone.mockRestore();
    }
  });

  it("starts with an empty promo code when the address carried none (not the admin's)", async () => {
    const register = vi.fn(() => Promise.resolve({}));
    const { field, submit, screen } = await openRegister(register);
    await expect.element(field(en.auth.register.promo)).toHaveValue('');
    // Left empty, the registration still joins under the server's registration link (the first admin).
    await field(en.auth.register.first_name).fill('Anna');
    await field(en.auth.register.last_name).fill('Neu');
    await field(en.auth.register.email).fill('anna@example.com');
    await screen.getByLabelText(en.auth.register.password, { exact: false }).first().fill('secret123');
    await submit();
    await expect.poll(() => register.mock.calls.length).toBe(1);
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ email: 'anna@example.com', promo: 'ADMIN1' }));
  });

  it('clears an error under a field once that field is filled in', async () => {
    const register = vi.fn(() => Promise.resolve({}));
    const { screen, field, submit } = await openRegister(register);
    await submit();
    const first = field(en.auth.register.first_name);
    await expect.element(first).toHaveAccessibleDescription(en.auth.validation.required);
    await first.fill('Anna');
    await expect.element(first).not.toHaveAccessibleDescription(en.auth.validation.required);
    await expect.element(field(en.auth.register.last_name)).toHaveAccessibleDescription(en.auth.validation.required);
    const password = screen.getByLabelText(en.auth.register.password, { exact: false }).first();
    await expect.element(password).toHaveAccessibleDescription(en.auth.validation.required);
    await password.fill('secret123');
    await expect.element(password).not.toHaveAccessibleDescription(en.auth.validation.required);
    await field(en.auth.register.last_name).fill('Admin');
    await field(en.auth.register.email).fill('anna@example.com');
    await expect.element(screen.getByText(en.validation.fill_all_empty)).not.toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it("clears the server's error under a field once that field is changed", async () => {
    const register = vi.fn(() =>
      Promise.reject(new HttpError('Bad request', 400, { errors: { email: 'Email is already taken' } })),
    );
    const { field, submit, screen } = await openRegister(register);
    await field(en.auth.register.first_name).fill('Anna');
    await field(en.auth.register.last_name).fill('Admin');
    await field(en.auth.register.email).fill('anna@example.com');
    await screen.getByLabelText(en.auth.register.password, { exact: false }).first().fill('secret123');
    await submit();
    const email = field(en.auth.register.email);
    await expect.element(email).toHaveAccessibleDescription('Email is already taken');
    await email.fill('anna2@example.com');
    await expect.element(email).not.toHaveAccessibleDescription('Email is already taken');
  });

  it("clears the server's word about the promo code once the code is changed", async () => {
    const register = vi.fn(() =>
      Promise.reject(new HttpError('Bad request', 400, { errors: { non_field_errors: ['Registration failed'] } })),
    );
    const { field, submit, screen } = await openRegister(register);
    await field(en.auth.register.first_name).fill('Anna');
    await field(en.auth.register.last_name).fill('Admin');
    await field(en.auth.register.email).fill('anna@example.com');
    await screen.getByLabelText(en.auth.register.password, { exact: false }).first().fill('secret123');
    await field(en.auth.register.promo).fill('WRONG');
    await submit();
    await expect.element(screen.getByRole('alert').filter({ hasText: 'Registration failed' })).toBeVisible();
    await field(en.auth.register.promo).fill('');
    await expect.element(screen.getByText('Registration failed')).not.toBeInTheDocument();
  });
});
