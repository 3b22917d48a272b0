import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { oneTimeTokens, users } from '../../db/schema';
import { FieldErrors } from '../../errors';
import { t, type Lang } from '../../i18n';
import { actionMail, withLanguage, type Mail } from '../../integrations/mail';
import { recordAction } from '../action-log';
import { issueToken } from '../tokens';
import { reachableUser, type Caller, type Tx } from './access';

const INVITATION_TTL_MS = 7 * 24 * 3600_000;

/** The state of a user's last invitation (StaffInvitation), or null when none was sent. */
export async function invitationOf(tx: Pick<Tx, 'select'>, userId: number) {
  const [row] = await tx
    .select({ createdAt: oneTimeTokens.createdAt, expiresAt: oneTimeTokens.expiresAt, usedAt: oneTimeTokens.usedAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'invitation')))
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  if (!row) return null;
  // Only earlier links are voided by a later one (issueToken), so the last one's used_at is its use.
  return {
    sent_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    used_at: row.usedAt ? row.usedAt.toISOString() : null,
  };
}

/**
 * Issues an invitation inside `tx`: a new set-password link (the user's earlier one stops working),
 * the mail in the user's language kept in the outbox, and an entry of the history. Returns the mail to
 * deliver once `tx` commits (the mail exists exactly when the invitation does), and its link. Used by staff
 * (send_invitation, creating a lead or partner); imports and landing forms may call it the same way,
 * and npm run create-admin for the first administrator.
 */
export async function issueInvitation(
  ctx: Pick<AppContext, 'config' | 'mailer'>,
  tx: Tx,
  actorId: number | null,
  user: { id: number; email: string | null; firstName: string; language: Lang },
) {
  if (!user.email) throw FieldErrors.of('user_id', 'user_has_no_email');
  const { token, expiresAt } = await issueToken(tx, 'invitation', user.id, INVITATION_TTL_MS, { by: actorId });
  const link = withLanguage(`${ctx.config.publicUrl}/set-password/${encodeURIComponent(token)}`, user.language);
  // Who invited them, by name, so the mail is not a stranger's (none for a landing form or the first admin).
  const [inviter] = actorId
    ? await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, actorId))
    : [];
  const inviterName = inviter ? `${inviter.first} ${inviter.last}`.trim() : '';
  const mail: Mail = actionMail({
    lang: user.language,
    to: user.email,
    name: user.firstName,
    subject: 'mail_invitation_subject',
    body: inviterName ? 'mail_invitation_text_by' : 'mail_invitation_text',
    params: inviterName ? { inviter: inviterName } : undefined,
    button: 'mail_invitation_button',
    link,
  });
  const id = await ctx.mailer.store(tx, mail);
  await recordAction(tx, {
    actorId,
    subjectId: user.id,
    kind: 'invitation_sent',
    details: { expires_at: expiresAt.toISOString() },
  });
  return { id, mail, link };
}

/** Delivers mails stored by issueInvitation after their transaction committed. */
export function deliverLater(ctx: AppContext, stored: { id: number; mail: Mail } | null | undefined): void {
  if (stored) ctx.mailer.deliver(stored.id, stored.mail).catch(() => undefined);
}

/** send_invitation: (re)sends a user of the caller's reach an invitation. */
export async function sendInvitation(ctx: AppContext, caller: Caller, userId: number, lang: Lang) {
  const { stored, invitation } = await ctx.db.transaction(async (tx) => {
    const user = await reachableUser(tx, caller, userId, { lock: false });
    const s = await issueInvitation(ctx, tx, caller.id, user);
    return { stored: s, invitation: await invitationOf(tx, userId) };
  });
  deliverLater(ctx, stored);
  if (!invitation) throw new Error('the invitation just issued is missing');
  return { detail: t(lang, 'invitation_sent'), invitation };
}

/** After the invitation's link (used up) set the password: its email is thereby confirmed. */
export async function invitationUsed(tx: Tx, row: { userId: number }) {
  await tx.update(users).set({ emailActivation: true }).where(eq(users.id, row.userId));
  await recordAction(tx, { actorId: row.userId, subjectId: row.userId, kind: 'invitation_used' });
}
