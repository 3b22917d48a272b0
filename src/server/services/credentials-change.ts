import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { totpBackupCodes, users } from '../db/schema';
import { sha256 } from '../crypto';
import { FieldErrors } from '../errors';
import type { MessageKey } from '../i18n';
import { actionMail, type Mail } from '../integrations/mail';
import { checkLoginCode } from './login-codes';
import { passwordProblem } from './reauth';
import { mailResetLink } from './passwords';
import { PASSWORD_LINKS, revokeLastingAccess, voidTokens } from './account-access';
import { consumeToken, issueToken } from './tokens';
import { endUserSessions } from './sessions';
import { mapUniqueViolation } from './users';

/**
 * Changing what signs in to one's own account (email, phone, password, two-factor, backup codes, a
 * Telegram chat). A stolen session alone must not be enough to take the account: each change needs
 * the current password (reauth.ts; with two-factor on, an email or phone change also a code), a new
 * email counts only once the link sent to it is opened, and the account's address is told of every
 * change with a link that undoes it and ends every session. There is no SMS: a phone change takes
 * effect at once and is told (with the same undo link) to the email address.
 */

const DAY_MS = 24 * 3600_000;
/** The new address has a day to confirm; the old one a week to undo. */
const EMAIL_CHANGE_TTL_MS = DAY_MS;
const UNDO_TTL_MS = 7 * DAY_MS;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Me = typeof users.$inferSelect;
type Errors = Record<string, MessageKey[]>;
type Stored = Array<{ id: number; mail: Mail }>;

/** A change the account's address is told of, with its undo link. */
type SecurityChange = 'email' | 'phone' | 'password' | 'two_factor' | 'backup_codes' | 'telegram';

const CHANGE_MAILS: Record<SecurityChange, { subject: MessageKey; body: MessageKey }> = {
  email: { subject: 'mail_email_changed_subject', body: 'mail_email_changed_text' },
  phone: { subject: 'mail_phone_changed_subject', body: 'mail_phone_changed_text' },
  password: { subject: 'mail_password_changed_subject', body: 'mail_password_changed_text' },
  two_factor: { subject: 'mail_two_factor_on_subject', body: 'mail_two_factor_on_text' },
  backup_codes: { subject: 'mail_backup_codes_subject', body: 'mail_backup_codes_text' },
  telegram: { subject: 'mail_telegram_linked_subject', body: 'mail_telegram_linked_text' },
};

/** Names the authenticator secret in force (null: two-factor off), so an undo can tell a later one from it. */
const totpMark = (u: Pick<Me, 'totpEnabled' | 'totpSecretEnc'>) =>
  u.totpEnabled && u.totpSecretEnc ? sha256(u.totpSecretEnc) : null;

/**
 * Checks the proof that the caller is the owner, not just a holder of the session: the current
 * password (counted with the login's failures), and with `secondFactor` (two-factor on) a code as
 * well. Fills `errors`; a code is only tried when nothing else is wrong, since trying it uses its
 * time step (or the backup code) up.
 */
export async function checkOwnerProof(
  ctx: AppContext,
  me: Me,
  input: { old_password?: string; code?: string },
  errors: Errors,
  opts: { ip: string | undefined; secondFactor: boolean },
): Promise<void> {
  const problem = await passwordProblem(ctx, me, input.old_password, opts.ip);
  if (problem) errors.old_password = [problem];
  if (!opts.secondFactor) return;
  if (!input.code) errors.code = ['enter_code'];
  else if (!Object.keys(errors).length && !(await checkLoginCode(ctx, me, input.code))) errors.code = ['wrong_code'];
}

/** The link that confirms a new address, and the undo link for the old one; the mails are kept in `tx`. */
export async function startEmailChange(ctx: AppContext, tx: Tx, me: Me, email: string): Promise<Stored> {
  const { token } = await issueToken(tx, 'email_change', me.id, EMAIL_CHANGE_TTL_MS, { email, from: me.email });
  const mail = actionMail({
    lang: me.language,
    to: email,
    name: me.firstName,
    subject: 'mail_email_change_subject',
    body: 'mail_email_change_text',
    button: 'mail_email_change_button',
    link: `${ctx.config.publicUrl}/email-change/${encodeURIComponent(token)}`,
  });
  return [{ id: await ctx.mailer.store(tx, mail), mail }, ...(await tellChange(ctx, tx, me, 'email', email))];
}

/**
 * Tells the account's address of a change, in the account's language, with a link (7 days, once) that
 * undoes it (undoCredentialsChange); `me` is the account as it was before. `changedTo` fills the mail's
 * {value} (the new email or phone). Nothing to tell without an email.
 */
export async function tellChange(
  ctx: AppContext,
  tx: Tx,
  me: Me,
  change: SecurityChange,
  changedTo = '',
): Promise<Stored> {
  if (!me.email) return [];
  const value = change === 'email' ? me.email : change === 'phone' ? me.phone : null;
  const { token } = await issueToken(
    tx,
    'credentials_undo',
    me.id,
    UNDO_TTL_MS,
    { field: change, value, totp: totpMark(me) },
    { keepOthers: true },
  );
  const mail = actionMail({
    lang: me.language,
    to: me.email,
    name: me.firstName,
    ...CHANGE_MAILS[change],
    button: 'mail_undo_button',
    link: `${ctx.config.publicUrl}/credentials-undo/${encodeURIComponent(token)}`,
    params: { value: changedTo || '—' },
  });
  return [{ id: await ctx.mailer.store(tx, mail), mail }];
}

/** Sends mails kept in a committed transaction; the answer does not wait for SMTP. */
export function deliverLater(ctx: AppContext, stored: Stored): void {
  for (const s of stored) ctx.mailer.deliver(s.id, s.mail).catch(() => undefined);
}

/** Opens the link sent to the new address: from now on the account's email is that address. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  await ctx.db
    .transaction(async (tx) => {
      const row = await consumeToken(tx, 'email_change', token);
      if (!row) throw FieldErrors.of('token', 'link_expired');
      const email = String(row.data.email);
      // Someone may have taken the address since it was asked for.
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken && taken.id !== row.userId) throw FieldErrors.of('token', 'email_taken');
      await tx
        .update(users)
        .set({ email, emailActivation: true, updatedAt: new Date() })
        .where(eq(users.id, row.userId));
      // Set-password links went to the old address: they must not outlive it.
      await voidTokens(tx, row.userId, PASSWORD_LINKS);
    })
    .catch((err: unknown) => {
      if (err instanceof FieldErrors) throw err;
      return mapUniqueViolation(err);
    });
}

/**
 * The address's undo link ("it was not me"): the email or phone is what it was, a password set since
 * is cleared (a link to set a new one is mailed), new backup codes are dropped, an authenticator
 * enrolled since the change is switched off, the Telegram chat is unlinked, every open link of the
 * account is voided, and every session ends (whoever made the change is signed out).
 */
export async function undoCredentialsChange(ctx: AppContext, token: string): Promise<void> {
  const user = await ctx.db
    .transaction(async (tx) => {
      const row = await consumeToken(tx, 'credentials_undo', token);
      if (!row) throw FieldErrors.of('token', 'link_expired');
      const [u] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
      if (!u) throw FieldErrors.of('token', 'link_expired');
      const value = (row.data.value as string | null | undefined) ?? null;
      const field = row.data.field as SecurityChange;
      if (field === 'email' && value) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, value));
        if (taken && taken.id !== row.userId) throw FieldErrors.of('token', 'email_taken');
      } else if (field === 'phone' && value) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, value));
        if (taken && taken.id !== row.userId) throw FieldErrors.of('token', 'phone_in_use');
      }
      const laterTotp = totpMark(u) !== null && totpMark(u) !== ((row.data.totp as string | null | undefined) ?? null);
      await tx
        .update(users)
        .set({
          ...(field === 'email' && value && { email: value }),
          ...(field === 'phone' && { phone: value }),
          ...(field === 'password' && { passwordHash: null }),
          ...(laterTotp && { totpEnabled: false, totpSecretEnc: null, totpLastStep: null }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, row.userId));
      if (laterTotp || field === 'backup_codes') {
        await tx.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, row.userId));
      }
      await revokeLastingAccess(tx, row.userId);
      return { ...u, ...(field === 'email' && value && { email: value }), passwordCleared: field === 'password' };
    })
    .catch((err: unknown) => {
      if (err instanceof FieldErrors) throw err;
      return mapUniqueViolation(err);
    });
  await endUserSessions(ctx, user.id);
  if (user.passwordCleared) await mailResetLink(ctx, user);
}
