import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import LoginPage from '../../src/web/features/auth/LoginPage';
import { en, renderWithAdmin } from './harness';

async function openLogin(login: (params: unknown) => Promise<void>) {
  const screen = await renderWithAdmin(
    <LoginPage />,
    { getAdminRegLink: vi.fn(() => Promise.resolve({ link: '' })) },
    { login },
  );
  const submit = () => screen.getByRole('button', { name: en.auth.login.submit }).click();
  return { screen, submit };
}

describe('login form', () => {
  it('asks for the username and the password before anything is sent', async () => {
    const login = vi.fn(() => Promise.resolve());
    const { screen, submit } = await openLogin(login);
    await submit();
    await expect.element(screen.getByText(en.auth.validation.required).nth(1)).toBeVisible();
    expect(login).not.toHaveBeenCalled();
  });

  it("shows the server's message under the password and sends the username trimmed", async () => {
    const login = vi.fn(() =>
      Promise.reject(new HttpError('Bad request', 400, { errors: { password: 'Wrong password' } })),
    );
    const { screen, submit } = await openLogin(login);
    await screen.getByRole('textbox', { name: en.auth.login.username }).fill('  anna@example.com ');
    await screen.getByLabelText(en.auth.login.password, { exact: false }).first().fill('secret');
    await submit();
    const password = screen.getByLabelText(en.auth.login.password, { exact: false }).first();
    await expect.element(password).toHaveAccessibleDescription('Wrong password');
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ username: 'anna@example.com', password: 'secret' }));
  });
});
