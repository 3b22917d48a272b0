import type { HandlerTable } from './types';
import { login } from '../services/accounts';
import { getProfile } from '../services/users';
import { notAuthenticated } from '../http/errors';

const meta = (req: { headers: Record<string, unknown>; ip: string }) => ({
  userAgent: String(req.headers['user-agent'] ?? ''),
  ip: req.ip,
});

export const accountsHandlers: HandlerTable = {
  login: async (req) => login(req.server.ctx, req.body, meta(req)),
  getMe: async (req) => {
    if (!req.auth) throw notAuthenticated();
    return getProfile(req.server.ctx, req.auth.id);
  },
};
