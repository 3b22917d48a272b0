import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { api, ApiError, unwrap } from '../../../api/client';
import { fieldErrorLines } from '../../providers/data/errors';

/** Query keys of the subscription page include the UI language: the server answers in it. */
export function useSubscriptionKey() {
  const [locale] = useLocaleState();
  return (...parts: unknown[]) => ['subscription', locale, ...parts] as const;
}

export function usePeriods() {
  const key = useSubscriptionKey();
  return useQuery({ queryKey: key('periods'), queryFn: () => unwrap(api.POST('/subscription/periods/')) });
}

export function usePackages(period: number | null) {
  const key = useSubscriptionKey();
  return useQuery({
    queryKey: key('packages', period),
    queryFn: () => unwrap(api.POST('/subscription/packages/', { body: period ? { period } : {} })),
  });
}

export function useSubscriptionInfo() {
  const key = useSubscriptionKey();
  return useQuery({ queryKey: key('info'), queryFn: () => unwrap(api.GET('/subscription/info/')) });
}

/** An API failure as one notice: field lines for a 400, the server's sentence otherwise. */
export function useErrorNotice() {
  const notify = useNotify();
  const translate = useTranslate();
  return (err: unknown) => {
    const text =
      err instanceof ApiError
        ? err.status === 400
          ? fieldErrorLines(err) || translate('atrium.errors.generic')
          : err.status >= 500
            ? translate('atrium.errors.server')
            : err.message
        : translate('atrium.errors.network');
    notify(text, { type: 'error', multiLine: true });
  };
}

/** Turns auto-pay on or off; the answer is the reloaded info (spec: toggle, then the info reloads). */
export function useAutoPay() {
  const key = useSubscriptionKey();
  const queryClient = useQueryClient();
  const onError = useErrorNotice();
  return useMutation({
    mutationFn: (autoPay: boolean) => unwrap(api.POST('/subscription/info/', { body: { auto_pay: autoPay } })),
    onSuccess: (info) => {
      queryClient.setQueryData(key('info'), info);
      void queryClient.invalidateQueries({ queryKey: key('info') });
    },
    onError,
  });
}

/** Buys a package: the app goes to the payment URL the server answers. */
export function usePurchase() {
  const onError = useErrorNotice();
  return useMutation({
    mutationFn: (input: { package: number; auto_pay: boolean }) => unwrap(api.POST('/subscription/package_purchase/', { body: input })),
    onSuccess: (res) => window.location.assign(res.payment_url),
    onError,
  });
}
