import { api, unwrap } from '../../../api/client';

/**
 * The staff's notifications and the lead offers in them: custom methods of the data provider (see
 * ./index.ts). Notifications are not a resource: one list with its unread count, marked read at once.
 */
export const leadsMethods = {
  /** The caller's latest notifications (newest first) and how many are unread. */
  getNotifications: (limit = 20) => unwrap(api.GET('/notifications/', { params: { query: { limit } } })),
  /** Marks the given notifications read, or all of the caller's when no ids are given. */
  readNotifications: (ids?: number[]) => unwrap(api.POST('/notifications/read/', { body: ids ? { ids } : {} })),
  /** Takes an offered lead: the caller becomes the lead's responsible consultant. */
  takeLead: (leadId: number) => unwrap(api.POST('/leads/take/', { body: { user_id: leadId } })),
};
