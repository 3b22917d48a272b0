import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { verifyPassword } from '../auth/passwords';
import { FieldErrors } from '../http/errors';
import { getProfile, normalizePhone } from './users';
import { openSession, type SessionMeta } from './sessions';

export type LoginInput = { username: string; password: string };

/** Password login by email or phone. Wrong credentials say which kind of login failed, nothing more. */
export async function login(ctx: AppContext, input: LoginInput, meta: SessionMeta) {
  const byEmail = input.username.includes('@');
  const phone = byEmail ? null : normalizePhone(input.username);
  const wrong = () => new FieldErrors({ non_field_errors: [byEmail ? 'wrong_email_or_password' : 'wrong_phone_or_password'] });
  const [user] = byEmail
    ? await ctx.db.select().from(users).where(eq(users.email, input.username.trim()))
    : phone
      ? await ctx.db.select().from(users).where(eq(users.phone, phone))
      : [];
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw wrong();
  // The spec's text for an account that may not sign in (blocked or deactivated).
  if (!user.isActive || user.isBlocked) throw new FieldErrors({ non_field_errors: ['login_failed'] });
  if (!user.emailActivation) return { email_activation_required: true };
  const token = await openSession(ctx, user.id, meta);
  return { token, user: await getProfile(ctx, user.id) };
}
