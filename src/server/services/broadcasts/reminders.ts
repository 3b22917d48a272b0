import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import { t, type Lang } from '../../i18n';
import { telegramOf } from '../../integrations/telegram';
import { notificationsChanged } from '../notifications/push';
import { audienceOf, OPENS_BEFORE_MINUTES } from './access';

export const BROADCAST_REMINDERS_QUEUE = 'broadcasts.remind';

type Sent = {
  user_id: number;
  broadcast_id: number;
  title: string;
  minutes: number;
  language: Lang;
  telegram_chat_id: string | null;
};

/**
 * Reminds everyone allowed to watch a broadcast that starts within OPENS_BEFORE_MINUTES: a notice in
 * the bell and, when their account is linked, a Telegram message. The row in broadcast_reminders
 * (one per broadcast and person) is written with the notice in one statement, so a second run, a
 * retry or a restarted server reminds nobody twice. Telegram goes after the commit, best effort:
 * the bell is the record.
 */
export async function sendBroadcastReminders(ctx: AppContext): Promise<number> {
  const now = clock.now();
  const at = now.toISOString();
  const until = new Date(now.getTime() + OPENS_BEFORE_MINUTES * 60_000).toISOString();
  const sent = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Sent>(sql`
      with due as (
        insert into broadcast_reminders (broadcast_id, user_id, sent_at)
        select b.id, u.id, ${at}::timestamptz from broadcasts b
          join users u on u.is_active and not u.is_blocked and ${audienceOf(now)}
        where b.is_published and b.starts_at > ${at}::timestamptz and b.starts_at <= ${until}::timestamptz
        on conflict do nothing
        returning broadcast_id, user_id),
      sent as (
        select d.user_id, d.broadcast_id, b.title, u.language, u.telegram_chat_id,
          greatest(1, ceil(extract(epoch from b.starts_at - ${at}::timestamptz) / 60))::int as minutes
        from due d join broadcasts b on b.id = d.broadcast_id join users u on u.id = d.user_id),
      noted as (
        insert into notifications (user_id, kind, data, created_at)
        select user_id, 'broadcast_starting',
          jsonb_build_object('broadcast_id', broadcast_id, 'title', title, 'minutes', minutes), ${at}::timestamptz
        from sent)
      select * from sent`);
    await notificationsChanged(
      tx,
      rows.map((r) => r.user_id),
    );
    return rows;
  });
  const bot = telegramOf(ctx.config);
  if (bot.configured) {
    for (const r of sent) {
      if (!r.telegram_chat_id) continue;
      const text = `${t(r.language, 'notification_broadcast_starting', { title: r.title, minutes: r.minutes })}\n${ctx.config.publicUrl}/broadcasts/${r.broadcast_id}`;
      await bot.send(r.telegram_chat_id, text).catch((err: unknown) => {
        ctx.log.warn({ err, broadcastId: r.broadcast_id }, 'telegram broadcast reminder failed');
      });
    }
  }
  return sent.length;
}
