import type { AppContext } from '../context';
import type { users } from '../db/schema';
import { verifyPassword } from '../auth/passwords';
import { FieldErrors } from '../errors';
import type { MessageKey } from '../i18n';
import { beginLoginAttempt } from './login-throttle';
import { mailResetLink } from './passwords';

type Me = typeof users.$inferSelect;

/**
 * What a stolen session alone must not buy (two-factor enrolment, new backup codes, a Telegram link, a
 * new email, phone or password) needs the current password. Its tries count with the account's login
 * failures from the same address (login-throttle.ts), so this is no faster oracle than the login. An
 * account without a password proves itself through its mailbox instead: a link to set one is mailed
 * (the action can be done once it is set), and the answer says so. Null when the password is right.
 */
export async function passwordProblem(
  ctx: AppContext,
  me: Me,
  password: string | undefined,
  ip: string | undefined,
): Promise<MessageKey | null> {
  if (!me.passwordHash) {
    if (!me.email) return 'password_not_set';
    await mailResetLink(ctx, me);
    return 'password_not_set_link_sent';
  }
  if (!password) return 'current_password_required';
  const attempt = await beginLoginAttempt(ctx, `user:${String(me.id)}`, me.id, ip);
  if (await verifyPassword(me.passwordHash, password)) {
    await attempt.succeeded();
    return null;
  }
  await attempt.failed();
  return 'wrong_password';
}

/** `passwordProblem` as a 400 under `field` (`password` on the calls that had no proof before). */
export async function requirePassword(
  ctx: AppContext,
  me: Me,
  password: string | undefined,
  ip: string | undefined,
  field = 'password',
): Promise<void> {
  const problem = await passwordProblem(ctx, me, password, ip);
  if (problem) throw FieldErrors.of(field, problem);
}
