import { useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '.';
import { useMutation, useQueryClient } from './query';
import { NOTIFICATIONS } from './notificationsHooks';

/** Takes an offered lead; the notifications are read again. */
export function useTakeLead() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({ mutationFn: (leadId: number) => dataProvider.takeLead(leadId), onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS }) });
}
