import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clock } from '../clock';
import { oneTimeTokens, users, type TokenPurpose } from '../db/schema';

type Tx = Pick<Db, 'update'>;

/** The open links that would set a password or sign in: a new password or email makes them stale. */
export const PASSWORD_LINKS: TokenPurpose[] = ['password_reset', 'invitation', 'reset_credentials'];

/** Every open link of the account that gives access: what an undo, a reset or an admin's new password voids. */
const ACCESS_LINKS: TokenPurpose[] = [
  ...PASSWORD_LINKS,
  'email_change',
  'telegram_link',
  'bot_login',
  'login_challenge',
];

/** Uses up the account's open tokens of these kinds. */
export async function voidTokens(tx: Tx, userId: number, purposes: TokenPurpose[]): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: clock.now() })
    .where(
      and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt)),
    );
}

/**
 * What outlives a session and must end with it when the owner takes the account back (an undo, a
 * reset by mail, an admin's new password): the Telegram chat, whose /login signs in without a password,
 * and every open link. The sessions themselves are ended by the caller after the commit (endUserSessions).
 */
export async function revokeLastingAccess(tx: Tx, userId: number): Promise<void> {
  await tx.update(users).set({ telegramChatId: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await voidTokens(tx, userId, ACCESS_LINKS);
}
