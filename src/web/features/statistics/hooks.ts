import type { SchemaStatisticsRequest } from '../../../api/schema';
import { useProviderQuery } from '../../providers/data/providerHooks';

/** The dashboard's metrics for a period (view-as: `user_id`). */
export const useStatistics = (request: SchemaStatisticsRequest, { enabled = true }: { enabled?: boolean } = {}) =>
  useProviderQuery('getStatistics', [request], { enabled });

/** The figures per country for a period (view-as: `user_id`). */
export const useStatisticsByCountries = (request: SchemaStatisticsRequest) =>
  useProviderQuery('getStatisticsByCountries', [request]);

/** The employee viewed as (their name for the view-as banner); nothing while not viewing as. */
export const useViewAsEmployee = (userId: number | undefined) =>
  useProviderQuery('getStatistics', [{ user_id: userId }], {
    enabled: userId !== undefined,
    select: (statistics) => statistics.employee,
    staleTime: 5 * 60_000,
  });
