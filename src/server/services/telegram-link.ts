import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { t } from '../i18n';
import { telegramOf } from '../integrations/telegram';
import { getProfile } from './users';
import { issueToken } from './tokens';
import { requirePassword } from './reauth';
import { notFound } from '../errors';

const LINK_TTL_MS = 15 * 60_000;

/**
 * A deep link into the bot; the bot's /start with this token links the chat to the user (services/telegram).
 * A linked chat's /login signs in without a password, so the link needs the current password.
 */
export async function telegramLink(
  ctx: AppContext,
  userId: number,
  password: string | undefined,
  ip: string | undefined,
) {
  const [me] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!me) throw notFound();
  await requirePassword(ctx, me, password, ip);
  const { token, expiresAt } = await issueToken(ctx.db, 'telegram_link', userId, LINK_TTL_MS);
  return { link: `https://t.me/${ctx.config.telegramBotUsername}?start=${token}`, expires_at: expiresAt.toISOString() };
}

/** Unlinks from the profile; the chat is told (in the account's language) when the bot can reach it. */
export async function unlinkTelegram(ctx: AppContext, userId: number) {
  const [before] = await ctx.db
    .select({ chatId: users.telegramChatId, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  await ctx.db.update(users).set({ telegramChatId: null, updatedAt: new Date() }).where(eq(users.id, userId));
  const bot = telegramOf(ctx.config);
  if (before?.chatId && bot.configured) {
    // Best effort, after the answer's data is settled: a chat that blocked the bot changes nothing here.
    bot.send(before.chatId, t(before.language, 'telegram_unlinked_in_profile')).catch((err: unknown) => {
      ctx.log.warn({ err }, 'telegram: could not tell the chat it was unlinked');
    });
  }
  return getProfile(ctx, userId);
}
