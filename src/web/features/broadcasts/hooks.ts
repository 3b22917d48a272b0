import { useProviderQuery } from '../../providers/data/providerHooks';
import { isRecordId } from '../../common/urlState';

/** What is on, next and past; read again each minute so "Live now" follows the clock. */
export const useBroadcasts = () => useProviderQuery('getBroadcasts', [], { refetchInterval: 60_000 });

/** One broadcast; read again each minute, so the watch link appears once it opens. */
export const useBroadcast = (id: number) =>
  useProviderQuery('getBroadcast', [id], { enabled: isRecordId(id), refetchInterval: 60_000 });
