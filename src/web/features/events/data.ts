import { api, unwrap } from '../../../api/client';
import type { SchemaEventBrief } from '../../../api/schema';
import type { ResourceAdapter } from '../../providers/data/types';

/** `learning/events`' filter: upcoming (soonest first) or past (latest first), and a search. */
type EventFilter = { period?: 'upcoming' | 'past'; q?: string };

/** `learning/events` → events/…: the events of a period, paged and searchable; one event. */
export const eventsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, filter }) {
    const { period = 'upcoming', q } = (filter ?? {}) as EventFilter;
    const page = await unwrap(
      api.GET('/events/list/', {
        params: {
          query: {
            period,
            search: q || undefined,
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 10,
          },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
  async getOne(_resource, { id }) {
    return { data: await unwrap(api.GET('/events/view/{id}/', { params: { path: { id: Number(id) } } })) };
  },
};

/** What the event screens do that is not a page of the list. */
export const eventsMethods = {
  /** The next events for the dashboard. */
  getNearestEvents: (limit: number): Promise<SchemaEventBrief[]> =>
    unwrap(api.GET('/events/nearest/', { params: { query: { limit } } })),
  /** The event as an iCalendar file (text/calendar), fetched with the member's token. */
  getEventIcs: (eventId: number): Promise<string> =>
    unwrap(api.GET('/events/view/{id}/ics', { params: { path: { id: eventId } }, parseAs: 'text' })),
};
