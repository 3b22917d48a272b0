import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { verify } from 'otplib';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { totpBackupCodes, users } from '../db/schema';
import { clock } from '../clock';

// The second factor's codes: an authenticator's six digits (each once) and the backup codes.

export type TotpUser = Pick<typeof users.$inferSelect, 'id' | 'totpSecretEnc' | 'totpLastStep'>;

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

/** Backup codes' letters: no 0/o, 1/l, which read alike. */
const BACKUP_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const BACKUP_COUNT = 10;
/** Ten letters, written "abcde-fghij": 50 random bits each. */
const BACKUP_CODE = /^[a-km-z2-9]{10}$/;

const backupHash = (ctx: AppContext, userId: number, code: string) =>
  ctx.box.mac('totp-backup', `${String(userId)}:${code}`).toString('hex');

/** A new set of backup codes replaces the user's old one; only keyed hashes are stored. */
export async function newBackupCodes(
  ctx: AppContext,
  db: Pick<Db, 'delete' | 'insert'>,
  userId: number,
): Promise<string[]> {
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
