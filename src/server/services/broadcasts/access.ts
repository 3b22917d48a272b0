import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context';

/** The watch link is given from this many minutes before the start (and the reminder goes out then). */
export const OPENS_BEFORE_MINUTES = 15;

/** An active subscription to the broadcast's package, as lessons count one (services/lessons/access.ts). */
const activePackage = (userId: SQL | number, at: string) => sql`exists (select 1 from user_packages up
  where up.user_id = ${userId} and up.package_id = b.package_id and up.status = 'active'
    and up.starts_at <= ${at}::timestamptz and (up.ends_at is null or up.ends_at > ${at}::timestamptz))`;

/**
 * Who may watch broadcast `b`: staff (consultants and admins) every one; a member everyone's, and a
 * package's while they hold an active subscription to that package. Staff-only ones stay hidden.
 */
export function mayWatch(caller: Pick<AuthUser, 'id' | 'role'>, at: Date): SQL {
  if (caller.role !== 'member') return sql`true`;
  return sql`(b.audience = 'everyone' or (b.audience = 'package' and ${activePackage(caller.id, at.toISOString())}))`;
}

/** The same rule for every user `u` at once (the reminders). */
export function audienceOf(at: Date): SQL {
  return sql`(u.role in ('consultant', 'admin') or b.audience = 'everyone'
    or (b.audience = 'package' and ${activePackage(sql`u.id`, at.toISOString())}))`;
}
