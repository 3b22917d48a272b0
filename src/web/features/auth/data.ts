import { api, getToken, onUnauthorized, setToken, storage, unwrap } from '../../../api/client';
import type {
  SchemaLanguage,
  SchemaLoginRequest,
  SchemaRegisterRequest,
  SchemaResetCredentialsSave,
} from '../../../api/schema';
import { toHttpError } from '../../providers/data/errors';

/**
 * The session kept in this browser (the token the client sends, the interface language the server
 * answers in) and the 401 signal: what the auth and i18n providers and the public screens need of it.
 */
export { getToken, onUnauthorized, setToken, storage };

/** One call of the contract: its data, or react-admin's HttpError (the provider's one mapper). */
const send = <T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> =>
  unwrap(call).catch(toHttpError);

/** The login endpoints take a form (as the seed's clients send it). */
const asForm = (fields: Record<string, string>) => ({
  bodySerializer: () => new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

/**
 * The calls of openapi/paths/accounts.yaml that have no resource: logging in and out, registration,
 * the mailed links (activation, password reset, reset credentials, email change, undo) and the
 * interface language. Custom methods of the data provider (registered in ./index.ts); kept in this
 * small module, which loads with the login screen, so the public screens and the auth provider do
 * not wait for the adapters (App.tsx hands these to the lazy provider). Failures are HttpErrors.
 */
export const accountsMethods = {
  /** Email or phone + password (and, second step, the challenge and the authenticator code). */
  login: (request: SchemaLoginRequest) => {
    const { username, password, challenge, code, default_region } = request;
    const fields: Record<string, string> = {
      username,
      password,
      ...(challenge !== undefined && { challenge }),
      ...(code !== undefined && { code }),
      ...(default_region !== undefined && { default_region }),
    };
    return send(api.POST('/accounts/login/', { body: request, ...asForm(fields) }));
  },
  /** Ends the server's session of this token. */
  logout: () => send(api.POST('/accounts/logout/')),
  /** The signed-in user's profile. */
  getMe: () => send(api.GET('/accounts/me/')),
  /** Keeps the interface language on the server, for its messages and mail. */
  setLanguage: (language: SchemaLanguage) => send(api.POST('/accounts/set_language/', { body: { language } })),
  /** The registration link the server offers (with the admin's promo code). */
  getAdminRegLink: () => send(api.GET('/accounts/admin_reg_link/')),
  /** A new account: logged in at once (token) or after the emailed activation. */
  register: (body: SchemaRegisterRequest) => send(api.POST('/accounts/register/', { body })),
  /** Activates the email with the mailed token, which logs the user in. */
  activateEmail: (token: string) => send(api.POST('/accounts/activate/', { body: { token } })),
  /** Sends the activation email again. */
  resendActivation: (email: string) => send(api.POST('/accounts/activation/resend/', { body: { email } })),
  /** The Telegram bot's one-time login link; with two-factor on, sent again with the challenge and the code. */
  tokenAuthBot: (token: string, step?: { challenge: string; code: string }) => {
    const fields = { token, ...step };
    return send(api.POST('/token-auth-bot/', { body: fields, ...asForm(fields) }));
  },
  /** Mails a password reset link (the answer never says whether the account exists). */
  requestPasswordReset: (email: string) => send(api.POST('/password_reset/', { body: { email } })),
  /** Sets the new password of a reset link. */
  confirmPasswordReset: (token: string, password: string) =>
    send(api.POST('/password_reset/confirm/', { body: { token, password } })),
  /** Whether a reset-credentials link holds, with the account's current email and phone. */
  validateResetCredentials: (token: string) => send(api.POST('/accounts/user/reset_credentials/', { body: { token } })),
  /** Saves a reset-credentials link's new password (and email or phone). */
  saveResetCredentials: (body: SchemaResetCredentialsSave) =>
    send(api.PUT('/accounts/user/reset_credentials/', { body })),
  /** Makes the mailed new address the account's email. */
  confirmEmailChange: (token: string) => send(api.POST('/accounts/email_change/confirm/', { body: { token } })),
  /** Restores the old email or phone and ends every session. */
  undoCredentialsChange: (token: string) => send(api.POST('/accounts/credentials_change/undo/', { body: { token } })),
};
