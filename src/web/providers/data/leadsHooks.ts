import { useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '.';
import { useMutation, useQuery, useQueryClient } from './query';

const NOTIFICATIONS = ['leads', 'notifications'] as const;

/** The latest notifications and the unread count, read again each minute. */
export function useNotifications() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({ queryKey: NOTIFICATIONS, queryFn: () => dataProvider.getNotifications(20), refetchInterval: 60_000 });
}

/** Marks all the caller's notifications read; the list is read again. */
export function useReadNotifications() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({ mutationFn: () => dataProvider.readNotifications(), onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS }) });
}

/** Takes an offered lead; the notifications are read again. */
export function useTakeLead() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({ mutationFn: (leadId: number) => dataProvider.takeLead(leadId), onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS }) });
}
