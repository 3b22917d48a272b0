import { api, getToken, unwrap } from '../../../api/client';
import type {
  SchemaBackupCodesRequest,
  SchemaBackupCodesResponse,
  SchemaGoogleAuthConnectRequest,
  SchemaGoogleAuthConnectResponse,
  SchemaLanguage,
  SchemaProfile,
  SchemaProfileUpdate,
  SchemaProfileUpdateResponse,
  SchemaTelegramLink,
} from '../../../api/schema';
import { replaceSession } from '../../providers/authProvider';
import type { ResourceAdapter } from '../../providers/data/types';

/**
 * Every answer that carries the user (and, after a new password or email, a fresh token) replaces
 * the stored session, so the next call and the next page load see the new user.
 */
function keep(user: SchemaProfile, token?: string): void {
  const current = token ?? getToken();
  if (current) replaceSession(current, user);
}

async function saved(call: Promise<SchemaProfileUpdateResponse>): Promise<SchemaProfileUpdateResponse> {
  const res = await call;
  keep(res.user, res.token);
  return res;
}

async function savedUser(call: Promise<SchemaProfile>): Promise<SchemaProfile> {
  const user = await call;
  keep(user);
  return user;
}

/**
 * The signed-in user's own account (accounts/me/, set_language/, google_auth/, telegram/): custom
 * methods of the data provider (see ./index.ts). Each one that changes the user stores the session.
 */
export const profileMethods = {
  /** The signed-in user's profile, fresh from the server. */
  getProfile: () => unwrap(api.GET('/accounts/me/')),
  /**
   * Saves the profile (or a new password); a new email or phone needs `old_password` (and, with
   * two-factor on, `code`). A new password answers the token of a new session, stored here.
   */
  updateProfile: (body: SchemaProfileUpdate) => saved(unwrap(api.PUT('/accounts/me/', { body }))),
  /** Uploads a new avatar (multipart, field `avatar`). */
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatar', file, file.name);
    // The typed body names the field; the request itself is the multipart form.
    return saved(unwrap(api.POST('/accounts/me/', { body: { avatar: file.name }, bodySerializer: () => form })));
  },
  /** The interface and mail language. */
  setProfileLanguage: (language: SchemaLanguage) =>
    savedUser(unwrap(api.POST('/accounts/set_language/', { body: { language } }))),
  /** With the current password: a new secret and QR code; with the first code: two-factor turns on. */
  connectGoogleAuth: (body: SchemaGoogleAuthConnectRequest): Promise<SchemaGoogleAuthConnectResponse> =>
    unwrap(api.POST('/accounts/google_auth/connect/', { body })),
  /** Turns two-factor off (needs a current code). */
  disconnectGoogleAuth: (code: string) => unwrap(api.POST('/accounts/google_auth/disconnect/', { body: { code } })),
  /** Ten new two-factor backup codes (needs the current password and a current code); the old ones stop working. */
  regenerateBackupCodes: (body: SchemaBackupCodesRequest): Promise<SchemaBackupCodesResponse> =>
    unwrap(api.POST('/accounts/google_auth/backup_codes/', { body })),
  /** A one-time deep link into the Telegram bot (needs the current password). */
  linkTelegram: (password: string): Promise<SchemaTelegramLink> =>
    unwrap(api.POST('/accounts/telegram/link/', { body: { password } })),
  /** Unlinks Telegram; the answer is the updated user. */
  unlinkTelegram: () => savedUser(unwrap(api.POST('/accounts/telegram/unlink/'))),
};

/** `sessions` → accounts/sessions/: the signed-in user's devices (all on one page); delete ends one. */
export const sessionsAdapter: ResourceAdapter = {
  async getList() {
    const data = await unwrap(api.GET('/accounts/sessions/'));
    return { data, total: data.length };
  },
  async delete(_resource, { id, previousData }) {
    await unwrap(api.DELETE('/accounts/sessions/{id}/', { params: { path: { id: String(id) } } }));
    return { data: previousData ?? { id } };
  },
};
