import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { FieldErrors, notFound, permissionDenied } from '../../errors';
import { t } from '../../i18n';
import { clock } from '../../clock';
import { telegramOf } from '../../integrations/telegram';
import { recordAction } from '../action-log';
import { briefJson } from '../leads/brief';
import { canSeeUser } from '../leads/scope';
import { addTicketMessage, visibleTicket } from './index';
import { messageView, type MessageRow } from './view';
import { one, present } from '../../db/rows';
import type { SchemaTelegramMessageRequest } from '../../../api/schema';

/** The consultant's ticket detail with whether its member can be reached in Telegram. */
export async function withTelegramState<T extends { user: { id: number } }>(
  ctx: AppContext,
  ticket: T,
): Promise<T & { member_telegram_linked: boolean }> {
  const res = await ctx.db.execute<{ linked: boolean }>(
    sql`select telegram_chat_id is not null as linked from users where id = ${ticket.user.id}`,
  );
  return { ...ticket, member_telegram_linked: res.rows[0]?.linked ?? false };
}

/**
 * A consultant's message to a member through the bot. Sent first (Telegram cannot be rolled back),
 * then kept on the ticket and in the history; a member without a linked chat gets a clear 400.
 */
export async function sendTelegramMessage(ctx: AppContext, caller: AuthUser, input: SchemaTelegramMessageRequest) {
  if ((input.ticket_id == null) === (input.user_id == null))
    throw new FieldErrors({ non_field_errors: ['telegram_one_target'] });
  const text = input.message.trim();
  if (!text) throw FieldErrors.of('message', 'field_required');
  let userId: number;
  if (input.ticket_id != null) {
    userId = (await visibleTicket(ctx, caller, input.ticket_id)).user_id;
  } else {
    userId = present(input.user_id, 'user_id');
    const exists = await ctx.db.execute(sql`select 1 from users where id = ${userId}`);
    if (!exists.rows.length) throw notFound();
    if (!(await canSeeUser(ctx.db, caller, userId))) throw permissionDenied();
  }
  const res = await ctx.db.execute<{ telegram_chat_id: string | null }>(
    sql`select telegram_chat_id from users where id = ${userId}`,
  );
  const chatId = res.rows[0]?.telegram_chat_id;
  if (!chatId) throw new FieldErrors({ non_field_errors: ['telegram_not_linked'] });
  const bot = telegramOf(ctx.config);
  if (!bot.configured) throw new FieldErrors({ non_field_errors: ['telegram_not_configured'] });
  try {
    await bot.send(chatId, text);
  } catch (err) {
    ctx.log.warn({ err }, 'telegram send failed');
    throw new FieldErrors({ non_field_errors: ['telegram_failed'] });
  }
  const now = clock.now();
  const messageId = await ctx.db.transaction(async (tx) => {
    const id =
      input.ticket_id != null
        ? await addTicketMessage(tx, input.ticket_id, { kind: 'telegram', authorId: caller.id, message: text }, now)
        : null;
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: userId,
      kind: 'telegram_message',
      details: { ticket_id: input.ticket_id ?? null },
    });
    return id;
  });
  let ticketMessage = null;
  if (messageId != null) {
    const m = await ctx.db.execute<MessageRow>(sql`
      select m.id, m.kind, ${briefJson('a')} as author, m.message, m.status_from, m.status_to, m.created_at
      from ticket_messages m left join users a on a.id = m.author_id where m.id = ${messageId}`);
    ticketMessage = messageView(one(m.rows));
  }
  return { detail: t(caller.language, 'telegram_sent'), sent_at: now.toISOString(), ticket_message: ticketMessage };
}
