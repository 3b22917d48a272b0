import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * Users a consultant may see and act on: those they are responsible for and those of their structure
 * (referral descendants, by the ltree path the team area keeps). An empty caller path reaches nobody.
 */
export function inReachOf(
  callerId: number | Placeholder,
  u: { id: unknown; responsibleId: unknown; path: unknown } = users,
): SQL {
  return sql`(${u.responsibleId} = ${callerId} or (${u.id} <> ${callerId} and ${u.path} <@ (select p.path from ${users} p where p.id = ${callerId} and p.path <> '')))`;
}
