import type { AuthProvider } from 'react-admin';
import type { SchemaLoginRequest, SchemaProfile as Profile } from '../../api/schema';
import { accountsMethods, getToken, onUnauthorized, setToken, storage } from '../features/auth/data';
import { chosenLocale, followAccount, i18nProvider } from './i18nProvider';
import { allows, homePath } from '../features/access';
import { markEarly, queryClient } from './data/queryClient';
import { providerKey } from './data/keys';

export const PROFILE_KEY = 'atrium:user';

const cachedProfile = (): Profile | null => {
  try {
    return JSON.parse(storage()?.getItem(PROFILE_KEY) ?? 'null') as Profile | null;
  } catch {
    return null;
  }
};
const storeProfile = (p: Profile | null) => {
  if (p) storage()?.setItem(PROFILE_KEY, JSON.stringify(p));
  else storage()?.removeItem(PROFILE_KEY);
};

/** Where the email-activation step sends the user (built with the Accounts issue). */
export const EMAIL_REQUIRED_PATH = '/email-required';

export class EmailActivationRequired extends Error {}
/** The password was right and Google Authenticator is on: log in again with this challenge and the code. */
export class TwoFactorRequired extends Error {
  constructor(readonly challenge: string) {
    super('two factor required');
  }
}

export type LoginParams = SchemaLoginRequest;

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

const statusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

/**
 * One language from the first login: the one picked on the public screens becomes the account's (the
 * login call takes none, so it is saved right after); where none was ever picked the interface takes
 * the account's. Returns the profile as the server now has it.
 */
async function settleLanguage(user: Profile): Promise<Profile> {
  const chosen = chosenLocale();
  if (!chosen) {
    followAccount(user.language);
    return user;
  }
  if (chosen === user.language) return user;
  return accountsMethods.setLanguage(chosen).catch(() => user);
}

/** The role the app grants by, or 'admin' for an active superuser (spec, section 6). */
const roleOf = (profile: Profile) => (profile.is_superuser && profile.is_active ? 'admin' : profile.role);

/**
 * The account's language and role are the source of truth (issue #40): a change made elsewhere (another
 * device, staff in the person's settings, an admin changing the role) is followed when this app loads or
 * gets the focus again. The profile kept for the session is refreshed on the way; a new role registers
 * the pages it opens and reads the menus again, without a new login. Nothing happens when signed out.
 */
export async function followAccountChanges(): Promise<void> {
  if (!getToken()) return;
  const before = cachedProfile();
  // Asked under the profile's own key (useProfile's, features/profile/hooks.ts), and always asked anew: a
  // screen that reads the profile as the app starts (the dashboard's support box) joins this read and
  // finds its answer fresh, instead of asking /accounts/me/ a second time.
  const queryKey = providerKey('getProfile', i18nProvider.getLocale());
  markEarly(queryKey);
  const profile = await queryClient.query({ queryKey, queryFn: () => accountsMethods.getMe(), staleTime: 0 });
  storeProfile(profile);
  if (profile.language !== chosenLocale()) followAccount(profile.language);
  if (before && roleOf(before) !== roleOf(profile)) {
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    await queryClient.invalidateQueries({ queryKey: ['getMenu'] });
  }
}

/** The user's role (roleOf); null when signed out. */
async function permissions() {
  const profile = cachedProfile() ?? (getToken() ? await accountsMethods.getMe() : null);
  return profile ? roleOf(profile) : null;
}

// A 401 from any call ends the local session; react-admin's checkError then redirects to /login.
onUnauthorized(clearSession);

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const res = await accountsMethods.login(params);
    if (res.email_activation_required) throw new EmailActivationRequired();
    if (res.two_factor_required && res.challenge) throw new TwoFactorRequired(res.challenge);
    if (!res.token || !res.user) throw new Error('atrium.auth.login.failed');
    setToken(res.token);
    const profile = await settleLanguage(res.user);
    storeProfile(profile);
    return { redirectTo: res.redirect_to ?? homePath(roleOf(profile)) };
  },
  async logout() {
    // End the server session too; a failure (already ended, offline) must not keep the user signed in.
    if (getToken()) await accountsMethods.logout().catch(() => undefined);
    clearSession();
    return '/login';
  },
  checkAuth() {
    return getToken() ? Promise.resolve() : Promise.reject(new Error('not authenticated'));
  },
  /** The provider's failures are HttpErrors (providers/data/errors.ts); a 401 ends the session. */
  checkError(error: unknown) {
    if (statusOf(error) !== 401) return Promise.resolve();
    clearSession();
    return Promise.reject(new Error('atrium.auth.login.logged_out'));
  },
  async getIdentity() {
    let profile = cachedProfile();
    if (!profile) {
      profile = await accountsMethods.getMe();
      storeProfile(profile);
    }
    return {
      id: profile.id,
      fullName: `${profile.first_name} ${profile.last_name}`.trim() || profile.email || '',
      avatar: profile.avatar ?? undefined,
      profile,
    };
  },
  getPermissions: permissions,
  /** One role table (features/access.ts) for every resource, page and in-screen ability. */
  async canAccess({ resource }) {
    return allows(await permissions(), resource);
  },
};
