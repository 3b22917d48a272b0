import { api, unwrap } from '../../../api/client';
import type { SchemaStaffStatisticsRow, SchemaStatisticsRequest } from '../../../api/schema';
import { contractOrdering, type ResourceAdapter } from '../../providers/data/types';

/** The filter of `staff-statistics`: the dashboard's period and view-as (user_id), and free text on names. */
export type StaffStatisticsFilter = SchemaStatisticsRequest & { q?: string };

/** One employee's figures; the employee's id is the record's id. */
export type StaffStatisticsRecord = SchemaStaffStatisticsRow & { id: number };

/** The columns the contract orders the table by. */
const ordering = contractOrdering([
  'completed_tasks',
  'time_spent',
  'donations_sum',
  'new_subscriptions',
  'new_registrations',
  'tasks_of_new_registrations',
  'last_name',
]);

/** Only the request's own fields: a list's filter may carry others. */
const requestOf = ({ period, date_from, date_to, user_id }: SchemaStatisticsRequest): SchemaStatisticsRequest => ({
  period,
  date_from,
  date_to,
  user_id,
});

/**
 * `staff-statistics` → accounts/dashboard/staff_statistics/: the figures per employee for a period
 * (paged, sorted by a column), for the caller or the employee viewed as. A list only.
 */
export const staffStatisticsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const f = (filter ?? {}) as StaffStatisticsFilter;
    const page = await unwrap(
      api.POST('/accounts/dashboard/staff_statistics/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 10,
            search: f.q || undefined,
            ordering: ordering(sort),
          },
        },
        body: requestOf(f),
      }),
    );
    const data: StaffStatisticsRecord[] = page.results.map((r) => ({ ...r, id: r.user.id }));
    return { data, total: page.count };
  },
};

/** What the dashboard reads besides its table: custom methods of the data provider (see ./index.ts). */
export const statisticsMethods = {
  /** The dashboard's metrics for a period, with the employee whose figures they are (view-as: `user_id`). */
  getStatistics: (request: SchemaStatisticsRequest) =>
    unwrap(api.POST('/accounts/dashboard/statistics/', { body: requestOf(request) })),
  /** Registrations, donations and subscriptions per country for a period. */
  getStatisticsByCountries: (request: SchemaStatisticsRequest) =>
    unwrap(api.POST('/accounts/dashboard/statistics_by_countries/', { body: requestOf(request) })),
};
