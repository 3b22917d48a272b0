import { actionLogs } from '../db/schema';
import type { Db } from '../db/client';

type Executor = Pick<Db, 'insert'>;

export type ActionEntry = {
  actorId: number | null;
  subjectId?: number | null;
  /** Set when the actor worked in another employee's view (view-as). */
  viewAsId?: number | null;
  /** What happened, e.g. `block`, `payment_approve`, `lead_offer`; shown translated in the history. */
  kind: string;
  details?: Record<string, unknown>;
};

/** Writes one entry of the action history. Pass the transaction that makes the change, so both commit or neither. */
export async function recordAction(db: Executor, entry: ActionEntry): Promise<void> {
  await db.insert(actionLogs).values({
    actorId: entry.actorId,
    subjectId: entry.subjectId ?? null,
    viewAsId: entry.viewAsId ?? null,
    kind: entry.kind,
    details: entry.details ?? {},
  });
}
