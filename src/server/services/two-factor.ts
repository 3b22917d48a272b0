import { eq } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { AppContext } from '../context';
import { totpBackupCodes, users } from '../db/schema';
import { FieldErrors } from '../errors';
import { one } from '../db/rows';
import { requirePassword } from './reauth';
import { deliverLater, tellChange } from './credentials-change';
import { checkLoginCode, checkTotp, newBackupCodes } from './login-codes';

async function loadUser(ctx: AppContext, userId: number) {
  const u = one(await ctx.db.select().from(users).where(eq(users.id, userId)));
  return u;
}

/**
 * Without a code: a new secret (kept sealed, not yet enabled) and its QR code, after the current
 * password (a stolen session alone must not put its own authenticator on the account). With the first
 * code: enable, and tell the account's address with an undo link.
 */
export async function connectGoogleAuth(
  ctx: AppContext,
  userId: number,
  input: { code?: string | undefined; password?: string | undefined },
  ip: string | undefined,
) {
  const user = await loadUser(ctx, userId);
  // A new secret would switch two-factor login off without a code: only disconnect (with one) does that.
  if (user.totpEnabled) return { enabled: true };
  const { code } = input;
  if (!code) {
    await requirePassword(ctx, user, input.password, ip);
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
  const { backupCodes, mails } = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabled: true }).where(eq(users.id, userId));
    return { backupCodes: await newBackupCodes(ctx, tx, userId), mails: await tellChange(ctx, tx, user, 'two_factor') };
  });
  deliverLater(ctx, mails);
  return { enabled: true, backup_codes: backupCodes };
}

/**
 * A new set of backup codes (the old ones stop working), after the current password and a current
 * authenticator code; the account's address is told with an undo link.
 */
export async function regenerateBackupCodes(
  ctx: AppContext,
  userId: number,
  input: { code: string; password?: string | undefined },
  ip: string | undefined,
) {
  const user = await loadUser(ctx, userId);
  if (!user.totpEnabled) throw FieldErrors.of('code', 'google_auth_off');
  await requirePassword(ctx, user, input.password, ip);
  if (!(await checkTotp(ctx, user, input.code))) throw FieldErrors.of('code', 'wrong_code');
  const { codes, mails } = await ctx.db.transaction(async (tx) => ({
    codes: await newBackupCodes(ctx, tx, userId),
    mails: await tellChange(ctx, tx, user, 'backup_codes'),
  }));
  deliverLater(ctx, mails);
  return { backup_codes: codes };
}

/**
 * Switches two-factor sign-in off after the same second factor a login takes: a current authenticator
 * code or an unused backup code (used up here), so a member who lost the phone can still turn it off.
 */
export async function disconnectGoogleAuth(ctx: AppContext, userId: number, code: string) {
  const user = await loadUser(ctx, userId);
  if (!user.totpEnabled) return { enabled: false };
  if (!(await checkLoginCode(ctx, user, code))) throw FieldErrors.of('code', 'wrong_code');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpEnabled: false, totpSecretEnc: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await tx.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
  });
  return { enabled: false };
}
