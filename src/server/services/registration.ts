import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users, type Language } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { FieldErrors } from '../http/errors';
import { actionMail } from '../integrations/mail';
import { mapUniqueViolation, newPromoCode, normalizePhone, getProfile } from './users';
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
 * A new member. A promo code names the inviting member, who becomes the referrer; an unknown promo or a
 * taken email (with or without a promo) gives the spec's one combined message (section 8). The answer carries no token: the email must be
 * confirmed first.
 */
export async function register(ctx: AppContext, input: RegisterInput, lang: Language) {
  const failed = () => new FieldErrors({ non_field_errors: ['register_failed'] });
  let referrerId: number | null = null;
  if (input.promo) {
    const [referrer] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.promoCode, input.promo.trim().toUpperCase()), eq(users.isActive, true)));
    if (!referrer) throw failed();
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
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw failed();
  if (phone) {
    const [phoneTaken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (phoneTaken) throw FieldErrors.of('phone', 'phone_in_use');
  }
  const passwordHash = await hashPassword(input.password);
  // The user and the intake's history entry and routing job (the one door of every new lead) together.
  const user = await ctx.db.transaction(async (tx) => {
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
        .returning()
        .catch(mapUniqueViolation),
    );
    await leadCreated(tx, ctx, {
      userId: created.id,
      source: 'registration',
      ...(referrerId !== null && { details: { referrer_id: referrerId } }),
    });
    return created;
  });
  await sendActivation(ctx, user);
  return user;
}

/** Confirms the email with the emailed token and logs the user in. */
export async function activateEmail(ctx: AppContext, token: string, meta: SessionMeta) {
  const row = await consumeToken(ctx.db, 'email_activation', token);
  if (!row) throw FieldErrors.of('token', 'link_expired');
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
