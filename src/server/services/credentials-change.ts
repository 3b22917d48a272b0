import { and, eq, inArray, isNull } from 'drizzle-orm';
import { present } from '../db/rows';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { oneTimeTokens, users } from '../db/schema';
import { verifyPassword } from '../auth/passwords';
import { FieldErrors } from '../http/errors';
import type { MessageKey } from '../i18n';
import { actionMail, type Mail } from '../integrations/mail';
import { clock } from '../clock';
import { checkLoginCode } from './two-factor';
import { consumeToken, issueToken } from './tokens';
import { endUserSessions } from './sessions';
import { mapUniqueViolation } from './users';

/**
 * Changing the sign-in identifiers (email, phone) of one's own account. A stolen session alone must not
 * be enough to take the account: the change needs the current password (or, with two-factor on, a
 * code), a new email counts only once the link sent to it is opened, and the current address is told
 * with a link that undoes the change and ends every session. There is no SMS: a phone change needs
 * the same proof, takes effect at once, and is told (with the same undo link) to the email address.
 */

const DAY_MS = 24 * 3600_000;
/** The new address has a day to confirm; the old one a week to undo. */
const EMAIL_CHANGE_TTL_MS = DAY_MS;
const UNDO_TTL_MS = 7 * DAY_MS;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Me = typeof users.$inferSelect;
type Errors = Record<string, MessageKey[]>;

/**
 * Checks the proof that the caller is the owner, not just a holder of the session: the current
 * password, or a two-factor code when two-factor is on. Fills `errors`; a code is only tried when
 * nothing else is wrong, since trying it uses its time step up.
 */
export async function checkOwnerProof(
  ctx: AppContext,
  me: Me,
  input: { old_password?: string; code?: string },
  errors: Errors,
): Promise<void> {
  if (input.old_password) {
    if (!(await verifyPassword(me.passwordHash, input.old_password))) errors.old_password = ['wrong_password'];
    return;
  }
  if (input.code && me.totpEnabled) {
    if (Object.keys(errors).length) return;
    if (!(await checkLoginCode(ctx, me, input.code))) errors.code = ['wrong_code'];
    return;
  }
  errors.old_password = ['credentials_change_needs_password'];
}

/** The link that confirms a new address, and the undo link for the old one; the mails are kept in `tx`. */
export async function startEmailChange(
  ctx: AppContext,
  tx: Tx,
  me: Me,
  email: string,
): Promise<Array<{ id: number; mail: Mail }>> {
  const { token } = await issueToken(tx, 'email_change', me.id, EMAIL_CHANGE_TTL_MS, { email, from: me.email });
  const mails = [
    actionMail({
      lang: me.language,
      to: email,
      name: me.firstName,
      subject: 'mail_email_change_subject',
      body: 'mail_email_change_text',
      button: 'mail_email_change_button',
      link: `${ctx.config.publicUrl}/email-change/${encodeURIComponent(token)}`,
    }),
  ];
  if (me.email) mails.push(await undoMail(ctx, tx, me, 'email', me.email, email));
  return Promise.all(mails.map(async (mail) => ({ id: await ctx.mailer.store(tx, mail), mail })));
}

/** Tells the email address of a phone change, with the undo link. Nothing to tell without an email. */
export async function tellPhoneChange(
  ctx: AppContext,
  tx: Tx,
  me: Me,
  phone: string | null,
): Promise<Array<{ id: number; mail: Mail }>> {
  if (!me.email) return [];
  const mail = await undoMail(ctx, tx, me, 'phone', me.phone, phone ?? '—');
  return [{ id: await ctx.mailer.store(tx, mail), mail }];
}

async function undoMail(
  ctx: AppContext,
  tx: Tx,
  me: Me,
  field: 'email' | 'phone',
  value: string | null,
  changedTo: string,
): Promise<Mail> {
  const { token } = await issueToken(
    tx,
    'credentials_undo',
    me.id,
    UNDO_TTL_MS,
    { field, value },
    { keepOthers: true },
  );
  return actionMail({
    lang: me.language,
    to: present(me.email, "the user's email"),
    name: me.firstName,
    subject: field === 'email' ? 'mail_email_changed_subject' : 'mail_phone_changed_subject',
    body: field === 'email' ? 'mail_email_changed_text' : 'mail_phone_changed_text',
    button: 'mail_undo_button',
    link: `${ctx.config.publicUrl}/credentials-undo/${encodeURIComponent(token)}`,
    params: { value: changedTo },
  });
}

/** Sends mails kept in a committed transaction; the answer does not wait for SMTP. */
export function deliverLater(ctx: AppContext, stored: Array<{ id: number; mail: Mail }>): void {
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
    })
    .catch((err: unknown) => {
      if (err instanceof FieldErrors) throw err;
      return mapUniqueViolation(err);
    });
}

/**
 * The old address's undo link: the email (or phone) is what it was, every pending change and open
 * reset link of the account is voided, and every session ends (whoever made the change is signed out).
 */
export async function undoCredentialsChange(ctx: AppContext, token: string): Promise<void> {
  const userId = await ctx.db
    .transaction(async (tx) => {
      const row = await consumeToken(tx, 'credentials_undo', token);
      if (!row) throw FieldErrors.of('token', 'link_expired');
      const value = (row.data.value as string | null | undefined) ?? null;
      if (row.data.field === 'email' && value) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, value));
        if (taken && taken.id !== row.userId) throw FieldErrors.of('token', 'email_taken');
        await tx.update(users).set({ email: value, updatedAt: new Date() }).where(eq(users.id, row.userId));
      } else if (row.data.field === 'phone') {
        const [taken] = value ? await tx.select({ id: users.id }).from(users).where(eq(users.phone, value)) : [];
        if (taken && taken.id !== row.userId) throw FieldErrors.of('token', 'phone_in_use');
        await tx.update(users).set({ phone: value, updatedAt: new Date() }).where(eq(users.id, row.userId));
      }
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: clock.now() })
        .where(
          and(
            eq(oneTimeTokens.userId, row.userId),
            inArray(oneTimeTokens.purpose, ['email_change', 'password_reset']),
            isNull(oneTimeTokens.usedAt),
          ),
        );
      return row.userId;
    })
    .catch((err: unknown) => {
      if (err instanceof FieldErrors) throw err;
      return mapUniqueViolation(err);
    });
  await endUserSessions(ctx, userId);
}
