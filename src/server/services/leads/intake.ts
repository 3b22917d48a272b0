import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordAction } from '../action-log';

export type LeadSource = 'landing' | 'registration' | 'import' | 'staff';

/** The pg-boss queue of automatic lead routing (worker: services/leads/routing.ts). */
export const ROUTE_LEAD_QUEUE = 'route-lead';

/**
 * The one door every new lead comes through (landing form, registration, import, staff-created),
 * called inside the transaction that created the user. It writes the history entry and enqueues the
 * routing job in the same transaction: the lead is offered to a consultant only if the user exists.
 */
export async function leadCreated(
  tx: Pick<Db, 'insert'>,
  ctx: Pick<AppContext, 'jobs'>,
  lead: { userId: number; source: LeadSource; actorId?: number | null; details?: Record<string, unknown> },
): Promise<void> {
  await recordAction(tx, {
    actorId: lead.actorId ?? null,
    subjectId: lead.userId,
    kind: 'lead_created',
    details: { source: lead.source, ...lead.details },
  });
  await ctx.jobs.sendInTx(tx, ROUTE_LEAD_QUEUE, { leadId: lead.userId }, { retryLimit: 5, retryDelay: 5 });
}
