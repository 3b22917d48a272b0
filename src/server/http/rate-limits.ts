import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { OperationId } from '../handlers/types';
import { throttled } from '../errors';
import { normalizePhone } from '../services/users';
import { formTokenLanding } from '../services/flows/form-token';

/** `landing`: per published landing, by the form token's landing (tokens that are not ours share one key). */
type Rule = { max: number; perMs: number; by: 'ip' | 'account' | 'user' | 'landing' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits on every credential and public operation, per IP and per account. An account's limit is
 * tighter than an IP's, so one guessed account is stopped while others behind the same IP still work.
 * Wrong passwords are slowed per account and address by the login itself (services/login-throttle.ts):
 * a flat per-account limit here would let anyone lock the owner out.
 */
const RATE_LIMITS: Partial<Record<OperationId, Rule[]>> = {
  login: [{ max: 100, perMs: MINUTE, by: 'ip' }],
  tokenAuthBot: [{ max: 30, perMs: MINUTE, by: 'ip' }],
  register: [{ max: 20, perMs: HOUR, by: 'ip' }],
  activateEmail: [{ max: 30, perMs: MINUTE, by: 'ip' }],
  resendActivation: [
    { max: 20, perMs: HOUR, by: 'ip' },
    { max: 5, perMs: HOUR, by: 'account' },
  ],
  requestPasswordReset: [
    { max: 20, perMs: HOUR, by: 'ip' },
    { max: 5, perMs: HOUR, by: 'account' },
  ],
  confirmPasswordReset: [{ max: 30, perMs: MINUTE, by: 'ip' }],
  validateResetCredentials: [{ max: 30, perMs: MINUTE, by: 'ip' }],
  saveResetCredentials: [{ max: 30, perMs: MINUTE, by: 'ip' }],
  confirmEmailChange: [{ max: 30, perMs: MINUTE, by: 'ip' }],
  undoCredentialsChange: [{ max: 30, perMs: MINUTE, by: 'ip' }],
  // A stolen session must not be a way to guess the current password (or a code) that a new email or phone needs.
  updateMe: [{ max: 30, perMs: MINUTE, by: 'user' }],
  connectGoogleAuth: [{ max: 10, perMs: MINUTE, by: 'user' }],
  disconnectGoogleAuth: [{ max: 10, perMs: MINUTE, by: 'user' }],
  regenerateBackupCodes: [{ max: 10, perMs: MINUTE, by: 'user' }],
  getAdminRegLink: [{ max: 120, perMs: MINUTE, by: 'ip' }],
  getAllConfigs: [{ max: 300, perMs: MINUTE, by: 'ip' }],
  addComment: [{ max: 20, perMs: MINUTE, by: 'user' }],
  // The answers no longer tell whether an address has an account (flows/signup.ts), but each is a
  // public call: few per visitor, and a bounded number through any one landing.
  validateLandingEmail: [
    { max: 20, perMs: MINUTE, by: 'ip' },
    { max: 200, perMs: HOUR, by: 'ip' },
    { max: 120, perMs: MINUTE, by: 'landing' },
  ],
  validateLandingPhone: [
    { max: 20, perMs: MINUTE, by: 'ip' },
    { max: 200, perMs: HOUR, by: 'ip' },
    { max: 120, perMs: MINUTE, by: 'landing' },
  ],
  signupLanding: [{ max: 10, perMs: MINUTE, by: 'ip' }],
  // Each avatar is decoded and re-encoded on the server's CPU.
  updateAvatar: [{ max: 10, perMs: 10 * MINUTE, by: 'user' }],
};

function accountOf(req: FastifyRequest): string | null {
  const body = req.body as Record<string, unknown> | undefined;
  const id = body?.username ?? body?.email;
  if (typeof id !== 'string' || !id.trim()) return null;
  // One phone number however it is written ("+49 30 …", "4930…"), as login finds it.
  const account = id.trim().toLowerCase();
  return account.includes('@') ? account : (normalizePhone(account) ?? account);
}

/**
 * The pre-handlers that enforce an operation's limits (they run after the body is parsed). Each rule is
 * a limiter of its own, checked in turn: `app.rateLimit()` handlers would not do, since the plugin
 * marks the request after the first of them and skips every later one.
 */
export function rateLimitHandlers(app: FastifyInstance, operationId: string): preHandlerHookHandler[] {
  const rules = RATE_LIMITS[operationId as OperationId] ?? [];
  return rules.map((rule, i) => {
    // Every limiter shares one store (rate-limit-store.ts): its keys carry the operation and the rule.
    const scope = `${operationId}#${i}`;
    const limiter = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.perMs,
      keyGenerator: (req) => {
        if (rule.by === 'account') return `${scope}:account:${accountOf(req) ?? req.ip}`;
        if (rule.by === 'user') return `${scope}:user:${req.auth?.id ?? req.ip}`;
        if (rule.by === 'landing')
          return `${scope}:landing:${formTokenLanding(req.server.ctx, (req.body as { form_token?: unknown } | undefined)?.form_token) ?? '-'}`;
        return `${scope}:ip:${req.ip}`;
      },
    });
    return async (req, reply) => {
      const result = await limiter(req);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw throttled(result.ttlInSeconds);
    };
  });
}
