import { eq, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users, type Language } from '../db/schema';
import { hitWindow } from '../http/rate-limit-store';
import { actionMail } from '../integrations/mail';

/** At most this many "someone tried to sign up" mails per account an hour, however many addresses try. */
const MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

type Holder = { id: number; email: string | null; firstName: string; language: Language };

/**
 * The accounts that already hold an email or phone a public sign-up gave (registration, a landing's
 * form). The sign-up answers as if they were new, and the holder hears of it by mail instead, so no
 * public answer tells whether an address has an account (issue #37).
 */
export async function accountsHolding(
  ctx: AppContext,
  email: string | null | undefined,
  phone: string | null | undefined,
): Promise<{ email?: Holder; phone?: Holder }> {
  const wanted = [email ? eq(users.email, email) : undefined, phone ? eq(users.phone, phone) : undefined].filter(
    (c) => c !== undefined,
  );
  if (!wanted.length) return {};
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(or(...wanted));
  // The column is citext: the row may spell the address otherwise.
  const byEmail = email ? rows.find((r) => r.email?.toLowerCase() === email.toLowerCase()) : undefined;
  const byPhone = phone ? rows.find((r) => r.phone === phone) : undefined;
  return { ...(byEmail && { email: byEmail }), ...(byPhone && { phone: byPhone }) };
}

/**
 * Tells an account's holder, in their language, that someone tried to sign up with their email or
 * phone; the mail goes out after the answer, at most MAILS_PER_HOUR an hour per account (a stranger
 * must not be able to flood the inbox), never to an account without an email.
 */
export async function mailSignupAttempt(ctx: AppContext, holder: Holder, via: 'email' | 'phone'): Promise<void> {
  if (!holder.email) return;
  const { current } = await hitWindow(ctx.db.$client, `signup-attempt-mail:${String(holder.id)}`, HOUR_MS);
  if (current > MAILS_PER_HOUR) return;
  ctx.mailer.sendLater(
    actionMail({
      lang: holder.language,
      to: holder.email,
      name: holder.firstName || holder.email,
      subject: 'mail_signup_attempt_subject',
      body: via === 'email' ? 'mail_signup_attempt_email_text' : 'mail_signup_attempt_phone_text',
      button: 'mail_signup_attempt_button',
      link: `${ctx.config.publicUrl}/login`,
    }),
  );
}

/** A concurrent sign-up took the email or phone first (the unique indexes): this one answers as if it had found the holder. */
export function takenMeanwhile(err: unknown): boolean {
  // Drizzle wraps the driver's error; PostgreSQL's code sits on its cause.
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
  return e.code === '23505' && (e.constraint === 'users_email_unique' || e.constraint === 'users_phone_unique');
}
