import { actionLogs } from '../db/schema';
import type { Db } from '../db/client';
import type { MessageKey } from '../i18n';

type KindOf<K> = K extends `action_${infer Kind}` ? Kind : never;
/**
 * What the history can say happened: one kind per `action_<kind>` message of the server's catalogue
 * (the sentence the history shows in ru, en and de), so a new kind comes with its sentence.
 */
export type ActionKind = Exclude<KindOf<MessageKey>, 'generic' | 'someone'>;

type Executor = Pick<Db, 'insert'>;

export type ActionEntry = {
  actorId: number | null;
  subjectId?: number | null;
  /** Set when the actor worked in another employee's view (view-as). */
  viewAsId?: number | null;
  /** What happened, e.g. `user_blocked`, `payment_approved`, `lead_offer`; shown as its sentence in the history. */
  kind: ActionKind;
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
