import { useNotifyError } from '../../common/errors';
import { useProviderMutation, useProviderQuery } from '../../providers/data/providerHooks';

/** The periods a package can be bought for. */
export const usePeriods = () => useProviderQuery('getSubscriptionPeriods', []);

/** The packages of one period (or all). */
export const usePackages = (period: number | null) => useProviderQuery('getSubscriptionPackages', [period]);

/** The member's current package, auto-pay and payment history. */
export const useSubscriptionInfo = () => useProviderQuery('getSubscriptionInfo', []);

/** Turns auto-pay on or off (`mutate([on])`); setAutoPay declares the info shown and read again. */
export function useAutoPay() {
  const onError = useNotifyError();
  return useProviderMutation('setAutoPay', { onError });
}

/** Buys a package: the app goes to the payment URL the server answers. */
export function usePurchase() {
  const onError = useNotifyError();
  return useProviderMutation('purchasePackage', {
    onSuccess: (res) => {
      window.location.assign(res.payment_url);
    },
    onError,
  });
}
