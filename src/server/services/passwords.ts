import { eq } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../context';
import { users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { FieldErrors, notFound, permissionDenied } from '../errors';
import { actionMail, withLanguage } from '../integrations/mail';
import { consumeToken, issueToken, peekToken } from './tokens';
import { invitationUsed } from './staff/invitations';
import { recordAction } from './action-log';
import { endUserSessions } from './sessions';
import { revokeLastingAccess } from './account-access';
import { mapUniqueViolation, normalizePhone } from './users';

const HOUR_MS = 3600_000;

/** Emails a reset link when the account exists; the caller's answer never says whether it does. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user) await mailResetLink(ctx, user);
}

/** Mails the account's address a one-hour link to set a new password (none to a blocked or inactive account). */
export async function mailResetLink(ctx: AppContext, user: typeof users.$inferSelect): Promise<void> {
  if (!user.email || !user.isActive || user.isBlocked) return;
  const { token } = await issueToken(ctx.db, 'password_reset', user.id, HOUR_MS);
  ctx.mailer.sendLater(
    actionMail({
      lang: user.language,
      to: user.email,
      name: user.firstName,
      subject: 'mail_reset_subject',
      body: 'mail_reset_text',
      button: 'mail_reset_button',
      link: `${ctx.config.publicUrl}/password-reset/${encodeURIComponent(token)}`,
    }),
  );
}

/**
 * Sets the new password; the link (a reset mail's or an invitation's) is used up and every session of
 * the user ends, with the Telegram link and every other open link (whoever held the account is out).
 * An invitation's link also confirms the email address it was sent to.
 */
export async function confirmPasswordReset(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    const reset = await consumeToken(tx, 'password_reset', token);
    const invitation = reset ? null : await consumeToken(tx, 'invitation', token);
    const row = reset ?? invitation;
    if (!row) throw FieldErrors.of('token', 'link_expired');
    if (invitation) await invitationUsed(tx, invitation);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await revokeLastingAccess(tx, row.userId);
    return row.userId;
  });
  await endUserSessions(ctx, userId);
}

/**
 * Staff create a one-hour link for a user to set new credentials. Admins may do it for anyone, a
 * consultant for the users they are responsible for.
 */
export async function createResetCredentialsLink(ctx: AppContext, actor: AuthUser, userId: number) {
  const [user] = await ctx.db
    .select({ id: users.id, responsibleId: users.responsibleId, role: users.role, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  // A consultant may do it only for the members they look after, never for staff.
  if (actor.role !== 'admin' && (user.responsibleId !== actor.id || user.role !== 'member')) throw permissionDenied();
  const { token, expiresAt } = await ctx.db.transaction(async (tx) => {
    const issued = await issueToken(tx, 'reset_credentials', userId, HOUR_MS, { by: actor.id });
    await recordAction(tx, {
      actorId: actor.id,
      subjectId: userId,
      kind: 'reset_credentials_link_created',
      details: { expires_at: issued.expiresAt.toISOString() },
    });
    return issued;
  });
  return {
    // The person opens it, so it speaks their language.
    link: withLanguage(`${ctx.config.publicUrl}/reset-credentials/${encodeURIComponent(token)}`, user.language),
    expires_at: expiresAt.toISOString(),
  };
}

export async function validateResetCredentials(ctx: AppContext, token: string) {
  const row = await peekToken(ctx, 'reset_credentials', token);
  if (!row) throw FieldErrors.of('token', 'link_expired');
  const [user] = await ctx.db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, row.userId));
  return { valid: true, email: user?.email ?? null, phone: user?.phone ?? null };
}

export type NewCredentials = { token: string; password: string; email?: string; phone?: string };

/**
 * Saves new credentials through the link (made by staff), in one transaction with using the link up;
 * like a reset by mail, every session, the Telegram link and every other open link end.
 */
export async function saveResetCredentials(ctx: AppContext, input: NewCredentials): Promise<void> {
  let phone: string | undefined;
  if (input.phone) {
    const p = normalizePhone(input.phone);
    if (!p) throw FieldErrors.of('phone', 'phone_incorrect');
    phone = p;
  }
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, 'reset_credentials', input.token);
    if (!row) throw FieldErrors.of('token', 'link_expired');
    await tx
      .update(users)
      .set({
        passwordHash,
        ...(input.email && { email: input.email, emailActivation: true }),
        ...(phone && { phone }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, row.userId))
      .catch(mapUniqueViolation);
    await revokeLastingAccess(tx, row.userId);
    return row.userId;
  });
  await endUserSessions(ctx, userId);
}
