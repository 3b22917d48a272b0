import { useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '.';
import { useQuery } from './query';

/** The staff tags and groups for pickers, through the provider (kept for 5 minutes). */
export function useTagsGroups({ enabled = true }: { enabled?: boolean } = {}) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({
    queryKey: ['staff', 'tags-groups'],
    enabled,
    queryFn: () => dataProvider.getTagsGroups(),
    staleTime: 5 * 60_000,
  });
}
