import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Role } from '../../db/schema';
import type { Lang } from '../../i18n';

/**
 * Who answers a person's support requests: the one rule for the tickets, the profile's promise
 * (`requests_answered_by`) and whom people, leads and requests may be handed to. The employee who
 * holds a request, else the person's responsible, answers while they can look after people
 * (answersRequests); with nobody such (none yet, or deactivated, blocked or no longer staff), every
 * active admin does, so one of them takes it rather than nobody hearing of it.
 */

/**
 * Whether the user of table alias `alias` can look after people and answer their requests: an
 * active, unblocked consultant or admin. Nobody else may be handed people or made their consultant.
 */
export function answersRequests(alias: string): SQL {
  const a = sql.identifier(alias);
  return sql`(${a}.role in ('consultant', 'admin') and ${a}.is_active and not ${a}.is_blocked)`;
}

/**
 * What the person is told about who answers: their consultant when one of the answerers is a
 * consultant, else our support team (the admins, also an admin who looks after them).
 */
export const answeredBy = (roles: readonly Role[]): 'consultant' | 'support' =>
  roles.includes('consultant') ? 'consultant' : 'support';

/** Whom a request reaches (answersRequests and the admins' fallback), with the linked Telegram chats among them. */
export async function answerersOf(
  db: Pick<AppContext['db'], 'execute'>,
  ticketId: number,
): Promise<{ ids: number[]; support: boolean; telegram: { id: number; chat: string; language: Lang }[] }> {
  const res = await db.execute<{ id: number; role: Role; telegram_chat_id: string | null; language: Lang }>(sql`
    with held as (
      select s.id from tickets k join users u on u.id = k.user_id
        join users s on s.id = coalesce(k.consultant_id, u.responsible_id)
      where k.id = ${ticketId} and ${answersRequests('s')}),
    answerers as (
      select id from held
      union all
      select a.id from users a
      where a.role = 'admin' and ${answersRequests('a')} and not exists (select 1 from held))
    select s.id, s.role, s.telegram_chat_id, s.language from answerers w join users s on s.id = w.id order by s.id`);
  return {
    ids: res.rows.map((r) => r.id),
    support: answeredBy(res.rows.map((r) => r.role)) === 'support',
    telegram: res.rows.flatMap((r) =>
      r.telegram_chat_id ? [{ id: r.id, chat: r.telegram_chat_id, language: r.language }] : [],
    ),
  };
}
