import { api, unwrap } from '../../../api/client';
import { invalidating } from '../../providers/data/invalidation';

/** A lead taken (or rejected): the waiting leads and the notifications (its offer) are read again. */
const LEAD_TAKEN = { invalidates: ['waiting-leads', 'getNotifications'] } as const;

/**
 * The staff's notifications and the lead offers in them: custom methods of the data provider (see
 * ./index.ts). Notifications are not a resource: one list with its unread count, marked read at once.
 */
export const leadsMethods = {
  /** The caller's latest notifications (newest first) and how many are unread. */
  getNotifications: (limit = 20) => unwrap(api.GET('/notifications/', { params: { query: { limit } } })),
  /** Marks the given notifications read, or all of the caller's when no ids are given. */
  readNotifications: invalidating({ invalidates: ['getNotifications'] }, (ids?: number[]) =>
    unwrap(api.POST('/notifications/read/', { body: ids ? { ids } : {} })),
  ),
  /** Takes an offered lead: the caller becomes the lead's responsible consultant (the offer and the queue change). */
  takeLead: invalidating(LEAD_TAKEN, (leadId: number) =>
    unwrap(api.POST('/leads/take/', { body: { user_id: leadId } })),
  ),
  /**
   * Rejects a waiting lead (not a prospect): the caller takes it — the same race as taking it, so a
   * faster consultant still wins with 409 'User is already taken by another consultant' — and marks
   * it Not active. It leaves the queue and stays on the caller's list, where it can be made active again.
   */
  rejectLead: invalidating(LEAD_TAKEN, async (leadId: number) => {
    await unwrap(api.POST('/leads/take/', { body: { user_id: leadId } }));
    return unwrap(api.POST('/leads/status/', { body: { user_id: leadId, status: 'not_active' } }));
  }),
};
