import type { AuthProvider } from 'react-admin';
import { api, ApiError, getToken, onUnauthorized, setToken, unwrap } from '../../api/client';
import type { SchemaProfile as Profile } from '../../api/schema';

export const PROFILE_KEY = 'atrium:user';

const cachedProfile = (): Profile | null => {
  try {
    return JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as Profile | null;
  } catch {
    return null;
  }
};
const storeProfile = (p: Profile | null) =>
  p ? localStorage.setItem(PROFILE_KEY, JSON.stringify(p)) : localStorage.removeItem(PROFILE_KEY);

/** Where the email-activation step sends the user (built with the Accounts issue). */
export const EMAIL_REQUIRED_PATH = '/email-required';

export class EmailActivationRequired extends Error {}
/** The password was right and Google Authenticator is on: log in again with this challenge and the code. */
export class TwoFactorRequired extends Error {
  constructor(readonly challenge: string) {
    super('two factor required');
  }
}

export type LoginParams = { username: string; password: string; challenge?: string; code?: string };

/** Forgets the local session (token and user), e.g. after an undo link ended every session. */
export function clearSession() {
  setToken(null);
  storeProfile(null);
}

/** After a profile, avatar or password save: the server's fresh token and user replace the old ones. */
export function replaceSession(token: string, user: Profile) {
  setToken(token);
  storeProfile(user);
}

// A 401 from any call ends the local session; react-admin's checkError then redirects to /login.
onUnauthorized(clearSession);

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const fields = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as LoginParams;
    const body = new URLSearchParams(fields);
    const res = await unwrap(
      api.POST('/accounts/login/', {
        body: fields,
        bodySerializer: () => body.toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    if (res.email_activation_required) throw new EmailActivationRequired();
    if (res.two_factor_required && res.challenge) throw new TwoFactorRequired(res.challenge);
    if (!res.token || !res.user) throw new Error('atrium.auth.login.failed');
    setToken(res.token);
    storeProfile(res.user);
    return { redirectTo: res.redirect_to ?? '/dashboard' };
  },
  async logout() {
    // End the server session too; a failure (already ended, offline) must not keep the user signed in.
    if (getToken()) await api.POST('/accounts/logout/').catch(() => undefined);
    clearSession();
    return '/login';
  },
  async checkAuth() {
    if (!getToken()) throw new Error('not authenticated');
  },
  async checkError(error: unknown) {
    const status = error instanceof ApiError ? error.status : (error as { status?: number })?.status;
    if (status === 401) {
      clearSession();
      throw new Error('atrium.auth.login.logged_out');
    }
  },
  async getIdentity() {
    let profile = cachedProfile();
    if (!profile) {
      profile = await unwrap(api.GET('/accounts/me/'));
      storeProfile(profile);
    }
    return {
      id: profile.id,
      fullName: `${profile.first_name} ${profile.last_name}`.trim() || profile.email || '',
      avatar: profile.avatar ?? undefined,
      profile,
    };
  },
  async getPermissions() {
    const profile = cachedProfile() ?? (getToken() ? await unwrap(api.GET('/accounts/me/')) : null);
    if (!profile) return null;
    // Admin access holds when the profile is superuser and active (spec, section 6).
    return profile.is_superuser && profile.is_active ? 'admin' : profile.role;
  },
};
