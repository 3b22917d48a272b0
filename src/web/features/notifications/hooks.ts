import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '../../providers/data';
import type { NotificationStreamState } from './data';
import { useQueryClient, type QueryClient, type QueryKey } from '../../providers/data/query';
import { useProviderMutation, useProviderQuery } from '../../providers/data/providerHooks';

/** The notifications' queries (getNotifications' key, see providerKey). */
export const NOTIFICATIONS = ['getNotifications'] as const;

/** How often the bell reads its list while the live stream is cut. */
const POLL_MS = 30_000;

/**
 * Reads a query again after a change the server told of. Invalidation alone would join a first read
 * still on its way (TanStack Query restarts a running fetch only once the query has data), and that
 * read may have started before the change: the bell stayed at 0 when the stream's `ready` came while
 * its first read was out. The running read is cancelled first, so the answer is always a later one.
 */
export async function readAgain(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}

/**
 * The caller's live notification stream while the component is mounted: every change the server
 * pushes reads the notifications again. Returns the stream's state (`polling` while it is cut).
 */
export function useNotificationStream(): NotificationStreamState {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  const [state, setState] = useState<NotificationStreamState>('connecting');
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void dataProvider
      .subscribeNotifications({
        onChange: () => {
          void readAgain(client, NOTIFICATIONS);
          // A member's open conversation shows a new answer at once (its notice came with it).
          void readAgain(client, ['my-tickets']);
        },
        onState: setState,
      })
      .then((unsubscribe) => {
        if (unmounted) unsubscribe();
        else stop = unsubscribe;
      });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [dataProvider, client]);
  return state;
}

/** The latest notifications and the unread count; read on a timer only while the live stream is cut. */
export const useNotifications = (polling: boolean) =>
  useProviderQuery('getNotifications', [20], { refetchInterval: polling ? POLL_MS : false });

/** Marks all the caller's notifications read (`mutate([])`) or the ones given; the list is read again. */
export const useReadNotifications = () => useProviderMutation('readNotifications');

/** The kinds of notification the caller receives, each on or off (profile settings). */
export const useNotificationSettings = () => useProviderQuery('getNotificationSettings', []);

/** Switches kinds of notification on or off; the settings show the answer. */
export const useUpdateNotificationSettings = () => useProviderMutation('updateNotificationSettings');
