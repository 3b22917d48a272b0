import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context';

type Caller = Pick<AuthUser, 'id' | 'role'>;

/**
 * Which users' payments the caller may see, as a condition on the users row `alias`: admins every
 * user; others the users they are responsible for and the users below them in the referral tree
 * (ltree path, GiST-indexed), never themselves through this rule.
 */
export function visibleUser(caller: Caller, alias = 'u'): SQL {
  if (caller.role === 'admin') return sql`true`;
  const u = sql.raw(alias);
  return sql`(${u}.responsible_id = ${caller.id}
    or (${u}.id <> ${caller.id} and ${u}.path <@ (select c.path from users c where c.id = ${caller.id} and c.path <> '')))`;
}
