import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { totpBackupCodes, users } from '../db/schema';
import { FieldErrors } from '../errors';
import { clock } from '../clock';
import { one } from '../db/rows';
import { requirePassword } from './reauth';
import { deliverLater, tellChange } from './credentials-change';

type TotpUser = Pick<typeof users.$inferSelect, 'id' | 'totpSecretEnc' | 'totpLastStep'>;

/**
 * Checks a six-digit code against the user's secret. A code works once: its time step is stored and
 * no step at or before it is accepted again.
 */
async function checkTotp(ctx: AppContext, user: TotpUser, code: string): Promise<boolean> {
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

/** Backup codes' letters: no 0/o, 1/l, which read alike. */
const BACKUP_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const BACKUP_COUNT = 10;
/** Ten letters, written "abcde-fghij": 50 random bits each. */
const BACKUP_CODE = /^[a-km-z2-9]{10}$/;

const backupHash = (ctx: AppContext, userId: number, code: string) =>
  ctx.box.mac('totp-backup', `${String(userId)}:${code}`).toString('hex');

/** A new set of backup codes replaces the user's old one; only keyed hashes are stored. */
async function newBackupCodes(ctx: AppContext, db: Pick<Db, 'delete' | 'insert'>, userId: number): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_COUNT }, () =>
    Array.from({ length: 10 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join(''),
  );
  await db.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
  await db.insert(totpBackupCodes).values(codes.map((c) => ({ userId, codeHash: backupHash(ctx, userId, c) })));
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/** Uses up one of the user's backup codes (written with or without the dash, any case): true once per code. */
async function useBackupCode(ctx: AppContext, userId: number, raw: string): Promise<boolean> {
  const code = raw.replace(/[\s-]/g, '').toLowerCase();
  if (!BACKUP_CODE.test(code)) return false;
  // Only one request can mark a code used: a concurrent replay of it loses here.
  const used = await ctx.db
    .update(totpBackupCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(totpBackupCodes.userId, userId),
        eq(totpBackupCodes.codeHash, backupHash(ctx, userId, code)),
        isNull(totpBackupCodes.usedAt),
      ),
    )
    .returning({ id: totpBackupCodes.id });
  return used.length === 1;
}

/**
 * The second step of a two-factor login (also of the bot's), the proof for switching it off, and the
 * second factor beside the password for an email or phone change: a current authenticator code, or an
 * unused backup code.
 */
export async function checkLoginCode(ctx: AppContext, user: TotpUser, code: string): Promise<boolean> {
  return /^\d{6}$/.test(code) ? checkTotp(ctx, user, code) : useBackupCode(ctx, user.id, code);
}

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
