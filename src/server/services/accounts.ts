import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { verifyPassword } from '../auth/passwords';
import { FieldErrors } from '../errors';
import { getProfile, normalizePhone } from './users';
import { endSession, openSession, type SessionMeta } from './sessions';
import { consumeToken, countAttempt, issueToken, peekToken } from './tokens';
import { checkLoginCode } from './login-codes';
import { beginLoginAttempt } from './login-throttle';
import type { SchemaLoginRequest, SchemaTokenAuthBotRequest } from '../../api/schema';

export type LoginInput = SchemaLoginRequest;
type BotLoginInput = SchemaTokenAuthBotRequest;

const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

type UserRow = typeof users.$inferSelect;

/** Logged in: a session and the profile. Unactivated email: no session, the app goes to /email-required. */
async function completeLogin(ctx: AppContext, user: UserRow, meta: SessionMeta, redirectTo?: string) {
  if (!user.emailActivation) return { email_activation_required: true };
  const token = await openSession(ctx, user.id, meta);
  return { token, user: await getProfile(ctx, user.id), ...(redirectTo && { redirect_to: redirectTo }) };
}

/**
 * Password login by email or phone; with Google Authenticator on, a second step with a short-lived
 * challenge and the code. Wrong credentials say which kind of login failed, nothing more. Tries are
 * slowed per account (email and phone alike) and address (login-throttle.ts).
 */
export async function login(ctx: AppContext, input: LoginInput, meta: SessionMeta) {
  const byEmail = input.username.includes('@');
  // A phone typed without its country code is read in the browser's region, as at registration.
  const phone = byEmail ? null : normalizePhone(input.username, input.default_region);
  const [user] = byEmail
    ? await ctx.db.select().from(users).where(eq(users.email, input.username.trim()))
    : phone
      ? await ctx.db.select().from(users).where(eq(users.phone, phone))
      : [];
  // One count per account however it is named; a name no account has is counted as typed.
  const account = user ? `user:${user.id}` : `name:${phone ?? input.username.trim().toLowerCase()}`;
  const attempt = await beginLoginAttempt(ctx, account, user?.id ?? null, meta.ip);
  try {
    const result = await checkLogin(ctx, user, input, meta, byEmail);
    if ('two_factor_required' in result) await attempt.uncounted();
    else await attempt.succeeded();
    return result;
  } catch (err) {
    if (err instanceof Error && notAGuess.has(err)) await attempt.uncounted();
    else if (err instanceof FieldErrors) await attempt.failed();
    throw err;
  }
}

/**
 * Answers that are no wrong guess at the password: a wrong or missing code on a live challenge (the
 * challenge bounds its own codes; the try that spends it counts).
 */
const notAGuess = new WeakSet<Error>();
const uncounted = (err: FieldErrors) => {
  notAGuess.add(err);
  return err;
};

async function checkLogin(
  ctx: AppContext,
  user: UserRow | undefined,
  input: LoginInput,
  meta: SessionMeta,
  byEmail: boolean,
) {
  const ok = await verifyPassword(user?.passwordHash, input.password);
  // An account that may not sign in (blocked or deactivated) answers with the spec's text whatever the
  // password, so the answer never tells that a password was right.
  if (user && (!user.isActive || user.isBlocked)) throw new FieldErrors({ non_field_errors: ['login_failed'] });
  if (!user || !ok)
    throw new FieldErrors({ non_field_errors: [byEmail ? 'wrong_email_or_password' : 'wrong_phone_or_password'] });
  if (!user.totpEnabled) return completeLogin(ctx, user, meta);

  if (!input.challenge) {
    const { token } = await issueToken(ctx.db, 'login_challenge', user.id, CHALLENGE_TTL_MS);
    return { two_factor_required: true as const, challenge: token };
  }
  await checkChallenge(ctx, user, input.challenge, input.code);
  return completeLogin(ctx, user, meta);
}

/**
 * The code step of a two-factor sign-in: uses the challenge up when the code is right, throws what the
 * login answers otherwise. A bot login's challenge names its link (`bot`) and works only with it.
 */
async function checkChallenge(
  ctx: AppContext,
  user: UserRow,
  token: string,
  code: string | undefined,
  bot: number | null = null,
): Promise<void> {
  const challenge = await peekToken(ctx, 'login_challenge', token);
  if (!challenge || challenge.userId !== user.id || (challenge.data.bot ?? null) !== bot) {
    throw new FieldErrors({ non_field_errors: ['login_expired'] });
  }
  if (!code) throw uncounted(FieldErrors.of('code', 'enter_code'));
  if (!(await checkLoginCode(ctx, user, code))) {
    const attempts = await countAttempt(ctx, challenge.id);
    if (attempts >= MAX_CODE_ATTEMPTS) {
      // Back to the password step: this challenge is spent.
      await consumeToken(ctx.db, 'login_challenge', token);
      throw new FieldErrors({ non_field_errors: ['login_expired'] });
    }
    throw uncounted(FieldErrors.of('code', 'wrong_code'));
  }
  if (!(await consumeToken(ctx.db, 'login_challenge', token))) {
    throw new FieldErrors({ non_field_errors: ['login_expired'] });
  }
}

/** How long the bot's login link works (it works once). */
export const BOT_TOKEN_TTL_MS = 10 * 60_000;

/** A one-time login token for a Telegram user, carrying the path to open after login. */
export async function issueBotLoginToken(ctx: AppContext, userId: number, redirectTo = '/dashboard') {
  return issueToken(ctx.db, 'bot_login', userId, BOT_TOKEN_TTL_MS, { redirect_to: redirectTo });
}

/**
 * The bot's one-time link signs in without a password, so with two-factor on it asks for the code as
 * the login's second step does: the first call answers a challenge and leaves the link unused, the
 * second sends the link again with the challenge and the code. Code tries count with the account's
 * login failures (login-throttle.ts), and a challenge spent on wrong codes spends the link too.
 */
export async function loginWithBotToken(ctx: AppContext, input: BotLoginInput, meta: SessionMeta) {
  const row = await peekToken(ctx, 'bot_login', input.token);
  if (!row) throw FieldErrors.of('token', 'link_expired');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  if (!user || !user.isActive || user.isBlocked) throw new FieldErrors({ non_field_errors: ['login_failed'] });
  if (user.totpEnabled) {
    if (!input.challenge) {
      const { token } = await issueToken(ctx.db, 'login_challenge', user.id, CHALLENGE_TTL_MS, { bot: row.id });
      return { two_factor_required: true as const, challenge: token };
    }
    const attempt = await beginLoginAttempt(ctx, `user:${String(user.id)}`, user.id, meta.ip);
    try {
      await checkChallenge(ctx, user, input.challenge, input.code, row.id);
      await attempt.succeeded();
    } catch (err) {
      if (err instanceof Error && notAGuess.has(err)) await attempt.uncounted();
      else if (err instanceof FieldErrors) {
        await attempt.failed();
        await consumeToken(ctx.db, 'bot_login', input.token);
      }
      throw err;
    }
  }
  if (!(await consumeToken(ctx.db, 'bot_login', input.token))) throw FieldErrors.of('token', 'link_expired');
  // Only a path of this app: "//host" or "/\host" would leave it.
  const wanted = row.data.redirect_to;
  const target = typeof wanted === 'string' && /^\/(?![/\\])/.test(wanted) ? wanted : '/dashboard';
  return completeLogin(ctx, user, meta, target);
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await endSession(ctx, sessionId);
}
