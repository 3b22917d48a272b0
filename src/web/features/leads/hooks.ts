import { HttpError, useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '../../providers/data';
import { useMutation } from '../../providers/data/query';
import { useApplyInvalidation, useProviderMutation } from '../../providers/data/providerHooks';

/** Takes an offered lead; takeLead declares what is read again (the notifications, the queue). */
export const useTakeLead = () => useProviderMutation('takeLead');

/** What a queue action did to each lead: done, taken by someone faster (409), or failed otherwise. */
export type QueueOutcome = { done: number[]; taken: HttpError[]; failed: unknown[] };

/**
 * Takes or rejects waiting leads, one after the other (one lead is the same as a bulk of one); what
 * takeLead and rejectLead declare stale (the waiting leads and the notifications: an offer of a taken
 * lead) is read again whatever happened, a lead taken by someone faster included.
 */
export function useLeadQueueAction(action: 'take' | 'reject') {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const applyInvalidation = useApplyInvalidation();
  const method = action === 'take' ? 'takeLead' : 'rejectLead';
  return useMutation({
    mutationFn: async (ids: number[]): Promise<QueueOutcome> => {
      const outcome: QueueOutcome = { done: [], taken: [], failed: [] };
      for (const id of ids) {
        try {
          await dataProvider[method](id);
          outcome.done.push(id);
        } catch (err) {
          if (err instanceof HttpError && err.status === 409) outcome.taken.push(err);
          else outcome.failed.push(err);
        }
      }
      return outcome;
    },
    onSettled: () => applyInvalidation(method),
  });
}
