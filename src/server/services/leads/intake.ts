import type { Db } from '../../db/client';
import { recordAction } from '../action-log';

export type LeadSource = 'landing' | 'registration' | 'import' | 'staff';

/**
 * The one door every new lead comes through (landing form, registration, import, staff-created),
 * called inside the transaction that created the user. It writes the history entry; lead routing
 * (offering the lead to a consultant on shift) hooks in here too.
 */
export async function leadCreated(
  tx: Pick<Db, 'insert'>,
  lead: { userId: number; source: LeadSource; actorId?: number | null; details?: Record<string, unknown> },
): Promise<void> {
  await recordAction(tx, {
    actorId: lead.actorId ?? null,
    subjectId: lead.userId,
    kind: 'lead_created',
    details: { source: lead.source, ...lead.details },
  });
}
