import { useDataProvider } from 'react-admin';
import type { SchemaStatisticsRequest } from '../../../api/schema';
import type { AtriumDataProvider } from '.';
import { useQuery } from './query';

/** The dashboard's metrics for a period (view-as: `user_id`), through the provider. */
export function useStatistics(request: SchemaStatisticsRequest, { enabled = true }: { enabled?: boolean } = {}) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({
    queryKey: ['statistics', 'metrics', request],
    enabled,
    queryFn: () => dataProvider.getStatistics(request),
  });
}

/** The figures per country for a period (view-as: `user_id`), through the provider. */
export function useStatisticsByCountries(request: SchemaStatisticsRequest) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({
    queryKey: ['statistics', 'countries', request],
    queryFn: () => dataProvider.getStatisticsByCountries(request),
  });
}

/** The employee viewed as (their name for the view-as banner); nothing while not viewing as. */
export function useViewAsEmployee(userId: number | undefined) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({
    queryKey: ['statistics', 'employee', userId],
    enabled: userId !== undefined,
    queryFn: async () => (await dataProvider.getStatistics({ user_id: userId })).employee,
    staleTime: 5 * 60_000,
  });
}
