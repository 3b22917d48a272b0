import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { oneTimeTokens, users, type Language } from '../db/schema';
import { sha256 } from '../crypto';
import { hashPassword } from '../auth/passwords';
import { FieldErrors } from '../errors';
import { actionMail } from '../integrations/mail';
import { newPromoCode, normalizePhone, getProfile } from './users';
import { accountsHolding, mailSignupAttempt, takenMeanwhile } from './signup-attempts';
import { consumeToken, issueToken } from './tokens';
import { openSession, type SessionMeta } from './sessions';
import { one } from '../db/rows';
import { isTimeZone, languageTimeZone } from './time-zones';
import { leadCreated } from './leads/intake';
import type { SchemaRegisterRequest } from '../../api/schema';

export type RegisterInput = SchemaRegisterRequest;

const ACTIVATION_TTL_MS = 7 * 24 * 3600_000;

async function sendActivation(
  ctx: AppContext,
  user: { id: number; email: string | null; firstName: string; language: Language },
) {
  if (!user.email) return;
  const { token } = await issueToken(ctx.db, 'email_activation', user.id, ACTIVATION_TTL_MS);
  ctx.mailer.sendLater(
    actionMail({
      lang: user.language,
      to: user.email,
      name: user.firstName,
      subject: 'mail_activation_subject',
      body: 'mail_activation_text',
      button: 'mail_activation_button',
      link: `${ctx.config.publicUrl}/email-required?token=${encodeURIComponent(token)}`,
    }),
  );
}

/**
 * A new member. A promo code names the inviting member, who becomes the referrer; an unknown promo gives
 * the spec's combined message (section 8). The answer carries no token: the email must be confirmed
 * first. Whether an account already has the email or phone is never answered (issue #37): a held
 * email creates nothing, a held phone is left out of the new account, and each holder is mailed that
 * someone tried; the caller hears "check your email" in every case.
 */
export async function register(ctx: AppContext, input: RegisterInput, lang: Language): Promise<void> {
  let referrerId: number | null = null;
  if (input.promo) {
    const [referrer] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.promoCode, input.promo.trim().toUpperCase()), eq(users.isActive, true)));
    if (!referrer) throw new FieldErrors({ non_field_errors: ['register_failed'] });
    referrerId = referrer.id;
  }
  // The seed's clients send no zone: the language's, which the person can change in the profile.
  const timeZone = input.time_zone ?? languageTimeZone(input.language ?? lang);
  if (!isTimeZone(timeZone)) throw FieldErrors.of('time_zone', 'time_zone_invalid');
  let phone: string | null = null;
  if (input.phone) {
    phone = normalizePhone(input.phone, input.default_region);
    if (!phone) throw FieldErrors.of('phone', 'phone_incorrect');
  }
  // Hashed in every case, so that a held email does not answer sooner than a new one.
  const passwordHash = await hashPassword(input.password);
  const held = await accountsHolding(ctx, input.email, phone);
  if (held.email) await mailSignupAttempt(ctx, held.email, 'email');
  if (held.phone && held.phone.id !== held.email?.id) await mailSignupAttempt(ctx, held.phone, 'phone');
  if (held.email) return;
  if (held.phone) phone = null;
  // The user and the intake's history entry and routing job (the one door of every new lead) together.
  const user = await ctx.db
    .transaction(async (tx) => {
      const created = one(
        await tx
          .insert(users)
          .values({
            email: input.email,
            phone,
            passwordHash,
            firstName: input.first_name.trim(),
            lastName: input.last_name.trim(),
            language: input.language ?? lang,
            timeZone,
            promoCode: newPromoCode(),
            referrerId,
            leadStatus: 'waiting',
          })
          .returning(),
      );
      await leadCreated(tx, ctx, {
        userId: created.id,
        source: 'registration',
        ...(referrerId !== null && { details: { referrer_id: referrerId } }),
      });
      return created;
    })
    .catch((err: unknown) => {
      // A registration at the same moment took the email or phone: answered as any held one.
      if (takenMeanwhile(err)) return null;
      throw err;
    });
  if (user) await sendActivation(ctx, user);
}

/** Whether `token` is a real activation link of an account whose email is confirmed (it logs no one in). */
async function usedOnActivatedAccount(ctx: AppContext, token: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, 'email_activation'),
        eq(users.emailActivation, true),
      ),
    );
  return Boolean(row);
}

/** Confirms the email with the emailed token and logs the user in. */
export async function activateEmail(ctx: AppContext, token: string, meta: SessionMeta) {
  const row = await consumeToken(ctx.db, 'email_activation', token);
  if (!row) {
    // A link opened again after it did its work: say the email is confirmed, not that it is not.
    if (await usedOnActivatedAccount(ctx, token)) throw FieldErrors.of('email_activation', 'email_already_confirmed');
    throw FieldErrors.of('token', 'link_expired');
  }
  await ctx.db.update(users).set({ emailActivation: true, updatedAt: new Date() }).where(eq(users.id, row.userId));
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  if (!user || !user.isActive || user.isBlocked) throw new FieldErrors({ non_field_errors: ['login_failed'] });
  return { token: await openSession(ctx, user.id, meta), user: await getProfile(ctx, user.id) };
}

/** Sends the activation mail again; the answer is the same whether or not such an account waits. */
export async function resendActivation(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailActivation, false), ne(users.isBlocked, true)));
  if (user) await sendActivation(ctx, user);
}

/** The registration link offered on the login screen: the first admin's promo code, if any. */
export async function adminRegistrationLink(ctx: AppContext): Promise<string | null> {
  const [admin] = await ctx.db
    .select({ promo: users.promoCode })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(users.id)
    .limit(1);
  return admin ? `${ctx.config.publicUrl}/register/${admin.promo}` : null;
}
