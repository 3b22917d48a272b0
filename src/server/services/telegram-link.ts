import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { getProfile } from './users';
import { issueToken } from './tokens';

const LINK_TTL_MS = 15 * 60_000;

/** A deep link into the bot; the bot's /start with this token links the chat to the user. */
export async function telegramLink(ctx: AppContext, userId: number) {
  const { token, expiresAt } = await issueToken(ctx.db, 'telegram_link', userId, LINK_TTL_MS);
  return { link: `https://t.me/${ctx.config.telegramBotUsername}?start=${token}`, expires_at: expiresAt.toISOString() };
}

export async function unlinkTelegram(ctx: AppContext, userId: number) {
  await ctx.db.update(users).set({ telegramChatId: null, updatedAt: new Date() }).where(eq(users.id, userId));
  return getProfile(ctx, userId);
}
