import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { clock } from '../../clock';
import { users } from '../../db/schema';
import { langFromHeader, t, type Lang } from '../../i18n';
import { BOT_TOKEN_TTL_MS, issueBotLoginToken } from '../accounts';
import { consumeToken } from '../tokens';
import { deliverLater, tellChange } from '../credentials-change';
import { withLanguage } from '../../integrations/mail';

/** A text the bot received in a private chat. */
export type Incoming = {
  chatId: string;
  text: string;
  /** The sender's Telegram language (IETF tag), for answers to someone not linked yet. */
  languageCode?: string | undefined;
};

type Linked = { id: number; firstName: string; lastName: string; language: Lang };

const nameOf = (u: Pick<Linked, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

/** `/command@bot payload`: the command (lower case) and what follows it; null for plain text. */
function parseCommand(text: string): { command: string; payload: string } | null {
  const m = /^\/(\w+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  return m ? { command: (m[1] ?? '').toLowerCase(), payload: (m[2] ?? '').trim() } : null;
}

/** The active account this chat is linked to, if any. */
async function linkedUser(ctx: AppContext, chatId: string): Promise<Linked | null> {
  const [u] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(users)
    .where(and(eq(users.telegramChatId, chatId), eq(users.isActive, true), eq(users.isBlocked, false)))
    .limit(1);
  return u ?? null;
}

/**
 * `/start <code>`: the profile's single-use deep-link code links this chat to its account (and to no
 * other); the account's address is told, with a link that undoes it.
 */
async function link(ctx: AppContext, msg: Incoming, code: string): Promise<string> {
  const linked = await ctx.db.transaction(async (tx) => {
    const token = await consumeToken(tx, 'telegram_link', code);
    if (!token) return null;
    const [before] = await tx.select().from(users).where(eq(users.id, token.userId)).for('update');
    if (!before) return null;
    const now = clock.now();
    // One chat reaches one account: a chat linked before to another account leaves it.
    await tx
      .update(users)
      .set({ telegramChatId: null, updatedAt: now })
      .where(and(eq(users.telegramChatId, msg.chatId), ne(users.id, token.userId)));
    await tx.update(users).set({ telegramChatId: msg.chatId, updatedAt: now }).where(eq(users.id, token.userId));
    const mails = before.telegramChatId === msg.chatId ? [] : await tellChange(ctx, tx, before, 'telegram');
    return { user: before, mails };
  });
  if (!linked) return t(langFromHeader(msg.languageCode), 'telegram_bot_link_expired');
  deliverLater(ctx, linked.mails);
  return t(linked.user.language, 'telegram_bot_linked', { name: nameOf(linked.user) });
}

/** `/stop` or `/unlink`: this chat leaves its account; the profile shows it unlinked. */
async function unlink(ctx: AppContext, msg: Incoming): Promise<string> {
  const [u] = await ctx.db
    .update(users)
    .set({ telegramChatId: null, updatedAt: clock.now() })
    .where(eq(users.telegramChatId, msg.chatId))
    .returning({ language: users.language });
  return u ? t(u.language, 'telegram_bot_unlinked') : t(langFromHeader(msg.languageCode), 'telegram_bot_not_linked');
}

/** `/login [path]`: a single-use, short-lived login link that opens the path (the dashboard by default). */
async function loginLink(ctx: AppContext, msg: Incoming, path: string): Promise<string> {
  const user = await linkedUser(ctx, msg.chatId);
  if (!user) return t(langFromHeader(msg.languageCode), 'telegram_bot_not_linked');
  const target = /^\/(?![/\\])\S*$/.test(path) ? path : '/dashboard';
  const { token } = await issueBotLoginToken(ctx, user.id, target);
  const link = withLanguage(`${ctx.config.publicUrl}/token-auth-bot?token=${encodeURIComponent(token)}`, user.language);
  return t(user.language, 'telegram_bot_login', { minutes: BOT_TOKEN_TTL_MS / 60_000, link });
}

/**
 * What the bot answers a private message: /start <code> links, /stop and /unlink unlink, /login sends
 * a one-time login link; anything else says what the chat can do. Answers are in the account's
 * language, or the sender's Telegram language while the chat is not linked.
 */
export async function answerMessage(ctx: AppContext, msg: Incoming): Promise<string> {
  const cmd = parseCommand(msg.text);
  if (cmd?.command === 'start' && cmd.payload) return link(ctx, msg, cmd.payload);
  if (cmd?.command === 'stop' || cmd?.command === 'unlink') return unlink(ctx, msg);
  if (cmd?.command === 'login') return loginLink(ctx, msg, cmd.payload);
  const user = await linkedUser(ctx, msg.chatId);
  return user
    ? t(user.language, 'telegram_bot_help', { name: nameOf(user) })
    : t(langFromHeader(msg.languageCode), 'telegram_bot_welcome');
}
