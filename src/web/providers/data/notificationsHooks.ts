import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '.';
import type { SchemaNotificationSetting } from '../../../api/schema';
import type { NotificationStreamState } from './notifications';
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from './query';

export const NOTIFICATIONS = ['leads', 'notifications'] as const;

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
export function useNotifications(polling: boolean) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({
    queryKey: NOTIFICATIONS,
    queryFn: () => dataProvider.getNotifications(20),
    refetchInterval: polling ? POLL_MS : false,
  });
}

/** Marks all the caller's notifications read; the list is read again. */
export function useReadNotifications() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => dataProvider.readNotifications(),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS }),
  });
}

/** Marks one notification read (the one the user opened); the list is read again. */
export function useReadNotification() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => dataProvider.readNotifications([id]),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS }),
  });
}

const SETTINGS = ['notifications', 'settings'] as const;

/** The kinds of notification the caller receives, each on or off (profile settings). */
export function useNotificationSettings() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({ queryKey: SETTINGS, queryFn: () => dataProvider.getNotificationSettings() });
}

/** Switches kinds of notification on or off; the settings are read from the answer. */
export function useUpdateNotificationSettings() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SchemaNotificationSetting[]) => dataProvider.updateNotificationSettings(settings),
    onSuccess: (data) => {
      client.setQueryData(SETTINGS, data);
    },
  });
}
