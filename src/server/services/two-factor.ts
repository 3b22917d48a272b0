import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { FieldErrors } from '../http/errors';
import { clock } from '../clock';
import { one } from '../db/rows';

type TotpUser = Pick<typeof users.$inferSelect, 'id' | 'totpSecretEnc' | 'totpLastStep'>;

/**
 * Checks a six-digit code against the user's secret. A code works once: its time step is stored and
 * no step at or before it is accepted again.
 */
export async function checkTotp(ctx: AppContext, user: TotpUser, code: string): Promise<boolean> {
  if (!user.totpSecretEnc || !/^\d{6}$/.test(code)) return false;
  const secret = ctx.box.open(user.totpSecretEnc);
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(clock.now().getTime() / 1000),
    epochTolerance: 30,
    ...(user.totpLastStep != null && { afterTimeStep: user.totpLastStep }),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  // Only one request can move the step forward: a concurrent replay of the same code loses here.
  const step = result.timeStep;
  const moved = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return moved.length === 1;
}

async function loadUser(ctx: AppContext, userId: number) {
  const u = one(await ctx.db.select().from(users).where(eq(users.id, userId)));
  return u;
}

/** Without a code: a new secret (kept sealed, not yet enabled) and its QR code. With a code: enable. */
export async function connectGoogleAuth(ctx: AppContext, userId: number, code: string | undefined) {
  const user = await loadUser(ctx, userId);
  // A new secret would switch two-factor login off without a code: only disconnect (with one) does that.
  if (user.totpEnabled) return { enabled: true };
  if (!code) {
    const secret = generateSecret();
    await ctx.db
      .update(users)
      .set({ totpSecretEnc: ctx.box.seal(secret), totpEnabled: false, totpLastStep: null })
      .where(eq(users.id, userId));
    const otpauth = generateURI({ issuer: 'Atrium', label: user.email ?? user.phone ?? `user-${user.id}`, secret });
    return {
      enabled: false,
      secret,
      otpauth_url: otpauth,
      qr_code: await QRCode.toDataURL(otpauth, { margin: 1, width: 240 }),
    };
  }
  if (!user.totpSecretEnc) throw FieldErrors.of('code', 'google_auth_not_started');
  if (!(await checkTotp(ctx, user, code))) throw FieldErrors.of('code', 'wrong_code');
  await ctx.db.update(users).set({ totpEnabled: true }).where(eq(users.id, userId));
  return { enabled: true };
}

export async function disconnectGoogleAuth(ctx: AppContext, userId: number, code: string) {
  const user = await loadUser(ctx, userId);
  if (!user.totpEnabled) return { enabled: false };
  if (!(await checkTotp(ctx, user, code))) throw FieldErrors.of('code', 'wrong_code');
  await ctx.db
    .update(users)
    .set({ totpEnabled: false, totpSecretEnc: null, totpLastStep: null })
    .where(eq(users.id, userId));
  return { enabled: false };
}
