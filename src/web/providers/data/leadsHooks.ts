import { HttpError, useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '.';
import { useMutation, useQueryClient } from './query';
import { NOTIFICATIONS } from './notificationsHooks';

/** Takes an offered lead; the notifications are read again. */
export function useTakeLead() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (leadId: number) => dataProvider.takeLead(leadId),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS }),
  });
}

/** What a queue action did to each lead: done, taken by someone faster (409), or failed otherwise. */
export type QueueOutcome = { done: number[]; taken: HttpError[]; failed: unknown[] };

/**
 * Takes or rejects waiting leads, one after the other (one lead is the same as a bulk of one); the
 * waiting leads and the notifications (an offer of a taken lead) are read again whatever happened.
 */
export function useLeadQueueAction(action: 'take' | 'reject') {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]): Promise<QueueOutcome> => {
      const outcome: QueueOutcome = { done: [], taken: [], failed: [] };
      for (const id of ids) {
        try {
          await (action === 'take' ? dataProvider.takeLead(id) : dataProvider.rejectLead(id));
          outcome.done.push(id);
        } catch (err) {
          if (err instanceof HttpError && err.status === 409) outcome.taken.push(err);
          else outcome.failed.push(err);
        }
      }
      return outcome;
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['waiting-leads'] }),
        client.invalidateQueries({ queryKey: NOTIFICATIONS }),
      ]),
  });
}
