import { useProviderQuery } from '../../providers/data/providerHooks';

/** The staff tags and groups for pickers (kept for 5 minutes). */
export const useTagsGroups = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useProviderQuery('getTagsGroups', [], { enabled, staleTime: 5 * 60_000 });
