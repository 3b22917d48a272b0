import type { FastifyRequest } from 'fastify';
import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { t } from '../i18n';
import { FieldErrors, notFound } from '../errors';
import { login, loginWithBotToken, logout } from '../services/accounts';
import { activateEmail, adminRegistrationLink, register, resendActivation } from '../services/registration';
import { regionFromHeader } from '../services/phones';
import {
  confirmPasswordReset,
  createResetCredentialsLink,
  requestPasswordReset,
  saveResetCredentials,
  validateResetCredentials,
} from '../services/passwords';
import { endOwnSession, listSessions, setLanguage, updateAvatar, updateProfile } from '../services/profile';
import { connectGoogleAuth, disconnectGoogleAuth, regenerateBackupCodes } from '../services/two-factor';
import { confirmEmailChange, undoCredentialsChange } from '../services/credentials-change';
import { telegramLink, unlinkTelegram } from '../services/telegram-link';
import { getProfile } from '../services/users';

const meta = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'] ?? '', ip: req.ip });
const ok = (req: FastifyRequest, key: Parameters<typeof t>[1]) => ({ detail: t(req.lang, key) });

/** The one uploaded file of a multipart request, or null (too large or missing counts as invalid). */
async function uploadedFile(req: FastifyRequest, field: string): Promise<Buffer | null> {
  if (!req.isMultipart()) return null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && part.fieldname === field) return await part.toBuffer();
      if (part.type === 'file') part.file.resume();
    }
  } catch {
    return null;
  }
  return null;
}

export const accountsHandlers: HandlerTable = {
  login: async (req) => login(req.server.ctx, req.body, meta(req)),
  tokenAuthBot: async (req) => loginWithBotToken(req.server.ctx, req.body, meta(req)),
  logout: async (req) => {
    await logout(req.server.ctx, signedIn(req).sessionId);
    return ok(req, 'logged_out');
  },

  register: async (req) => {
    const region = req.body.default_region ?? regionFromHeader(req.headers['accept-language']);
    await register(req.server.ctx, { ...req.body, default_region: region }, req.lang);
    return { detail: t(req.lang, 'activation_sent') };
  },
  activateEmail: async (req) => activateEmail(req.server.ctx, req.body.token, meta(req)),
  resendActivation: async (req) => {
    await resendActivation(req.server.ctx, req.body.email);
    return ok(req, 'activation_sent');
  },
  getAdminRegLink: async (req) => {
    const link = await adminRegistrationLink(req.server.ctx);
    if (!link) throw notFound();
    return { link };
  },

  requestPasswordReset: async (req) => {
    await requestPasswordReset(req.server.ctx, req.body.email);
    return ok(req, 'reset_sent');
  },
  confirmPasswordReset: async (req) => {
    await confirmPasswordReset(req.server.ctx, req.body.token, req.body.password);
    return ok(req, 'password_changed');
  },
  createResetCredentialsLink: async (req) =>
    createResetCredentialsLink(req.server.ctx, signedIn(req), req.query.user_id),
  validateResetCredentials: async (req) => validateResetCredentials(req.server.ctx, req.body.token),
  saveResetCredentials: async (req) => {
    await saveResetCredentials(req.server.ctx, req.body);
    return ok(req, 'credentials_saved');
  },

  confirmEmailChange: async (req) => {
    await confirmEmailChange(req.server.ctx, req.body.token);
    return ok(req, 'email_change_confirmed');
  },
  undoCredentialsChange: async (req) => {
    await undoCredentialsChange(req.server.ctx, req.body.token);
    return ok(req, 'credentials_change_undone');
  },

  getMe: async (req) => getProfile(req.server.ctx, signedIn(req).id),
  updateMe: async (req) => updateProfile(req.server.ctx, signedIn(req), req.body, meta(req)),
  updateAvatar: async (req) => {
    const file = await uploadedFile(req, 'avatar');
    if (!file) throw FieldErrors.of('avatar', 'image_invalid');
    return updateAvatar(req.server.ctx, req.server.ctx.storage, signedIn(req), file);
  },
  setLanguage: async (req) => setLanguage(req.server.ctx, signedIn(req).id, req.body.language),
  listSessions: async (req) => listSessions(req.server.ctx, signedIn(req)),
  endSession: async (req) => {
    await endOwnSession(req.server.ctx, signedIn(req), req.params.id);
    return ok(req, 'session_ended');
  },

  connectGoogleAuth: async (req) => connectGoogleAuth(req.server.ctx, signedIn(req).id, req.body, req.ip),
  disconnectGoogleAuth: async (req) => disconnectGoogleAuth(req.server.ctx, signedIn(req).id, req.body.code),
  regenerateBackupCodes: async (req) => regenerateBackupCodes(req.server.ctx, signedIn(req).id, req.body, req.ip),
  linkTelegram: async (req) =>
    telegramLink(req.server.ctx, signedIn(req).id, (req.body as { password?: string } | undefined)?.password, req.ip),
  unlinkTelegram: async (req) => unlinkTelegram(req.server.ctx, signedIn(req).id),
};
