import { useDataProvider, useLocaleState } from 'react-admin';
import type { SchemaPackagePurchaseRequest } from '../../../api/schema';
import { useNotifyError } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { useMutation, useQuery, useQueryClient } from '../../providers/data/query';

/** Query keys of the subscription page include the UI language: the server answers in it. */
function useSubscriptionKey() {
  const [locale] = useLocaleState();
  return (...parts: unknown[]) => ['subscription', locale, ...parts] as const;
}

export function usePeriods() {
  const key = useSubscriptionKey();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({ queryKey: key('periods'), queryFn: () => dataProvider.getSubscriptionPeriods() });
}

export function usePackages(period: number | null) {
  const key = useSubscriptionKey();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({ queryKey: key('packages', period), queryFn: () => dataProvider.getSubscriptionPackages(period) });
}

export function useSubscriptionInfo() {
  const key = useSubscriptionKey();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({ queryKey: key('info'), queryFn: () => dataProvider.getSubscriptionInfo() });
}

/** Turns auto-pay on or off; the answer is the reloaded info (spec: toggle, then the info reloads). */
export function useAutoPay() {
  const key = useSubscriptionKey();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const queryClient = useQueryClient();
  const onError = useNotifyError();
  return useMutation({
    mutationFn: (autoPay: boolean) => dataProvider.setAutoPay(autoPay),
    onSuccess: (info) => {
      queryClient.setQueryData(key('info'), info);
      void queryClient.invalidateQueries({ queryKey: key('info') });
    },
    onError,
  });
}

/** Buys a package: the app goes to the payment URL the server answers. */
export function usePurchase() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const onError = useNotifyError();
  return useMutation({
    mutationFn: (input: SchemaPackagePurchaseRequest) => dataProvider.purchasePackage(input),
    onSuccess: (res) => {
      window.location.assign(res.payment_url);
    },
    onError,
  });
}
