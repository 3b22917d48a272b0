import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { flows } from '../../db/schema';
import { notFound } from '../../errors';
import type { Tx } from '../contact-categories';

export type FlowRow = typeof flows.$inferSelect;

/**
 * Who may see and change a flow: its owner, and admins (who moderate public pages). Nobody else,
 * consultants included: a flow is its owner's own tool, like their contacts. Others get 404, so ids
 * of other people's flows are not confirmed.
 */
export function flowAccess(auth: Pick<AuthUser, 'id' | 'role'>): SQL | undefined {
  return auth.role === 'admin' ? undefined : eq(flows.ownerId, auth.id);
}

/**
 * flowAccess() for statements built once (alias f): their values come from flowAccessValues(). A
 * statement with this condition that finds no row answers 404.
 */
export const FLOW_ACCESS_SQL = sql`(f.owner_id = ${sql.placeholder('callerId')} or ${sql.placeholder('admin')}::boolean)`;
export type FlowAccessValues = { callerId: number; admin: boolean };
export const flowAccessValues = (auth: Pick<AuthUser, 'id' | 'role'>): FlowAccessValues => ({
  callerId: auth.id,
  admin: auth.role === 'admin',
});

/** The flow if the caller may act on it; `lock` takes its row lock, serialising edits of one landing. */
export async function accessibleFlow(
  tx: Tx,
  auth: Pick<AuthUser, 'id' | 'role'>,
  id: number,
  lock = false,
): Promise<FlowRow> {
  const q = tx
    .select()
    .from(flows)
    .where(and(eq(flows.id, id), flowAccess(auth)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The PostgreSQL error behind a Drizzle error, if any. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  return ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
}

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
