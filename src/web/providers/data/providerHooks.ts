import { useCallback } from 'react';
import {
  hashKey,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { AtriumDataProvider, AtriumMethods } from '.';
import { applyInvalidation } from './invalidation';
import { providerKey, type MethodName } from './keys';

/**
 * The one way screens call the provider's custom methods (react-admin's own hooks serve the resources):
 * a read is `useProviderQuery(method, args)`, a change `useProviderMutation(method)`. Both run on
 * react-admin's query client, and a change applies what its method declared stale (invalidation.ts).
 */
type Args<M extends MethodName> = Parameters<AtriumMethods[M]>;
type Answer<M extends MethodName> = Awaited<ReturnType<AtriumMethods[M]>>;
/** A method without arguments is called with `mutate()`, others with their arguments as a list. */
// `void` is what lets TanStack's mutate() go without an argument.
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
type Variables<M extends MethodName> = Args<M> extends [] ? void : Args<M>;

/** The same read in another language: its answer stays on screen while the new one loads. */
const sameReadElsewhere = (a: QueryKey, b: QueryKey) =>
  hashKey([a[0], ...a.slice(2)]) === hashKey([b[0], ...b.slice(2)]);

export type ProviderQueryOptions<M extends MethodName, Data> = Omit<
  UseQueryOptions<Answer<M>, Error, Data>,
  'queryKey' | 'queryFn'
> & {
  /** The language the answer is in, when not the interface's (the menus follow the account's); null: none. */
  locale?: string | null;
};

/** Reads a custom method: `useProviderQuery('getPartnerDetails', [userId])`. */
export function useProviderQuery<M extends MethodName, Data = Answer<M>>(
  method: M,
  args: Args<M>,
  { locale, ...options }: ProviderQueryOptions<M, Data> = {},
) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const [interfaceLocale] = useLocaleState();
  const queryKey = providerKey(method, locale === undefined ? interfaceLocale : locale, ...args);
  return useQuery({
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameReadElsewhere(previousQuery.queryKey, queryKey) ? previous : undefined,
    ...options,
    queryKey,
    queryFn: () => (dataProvider[method] as (...a: Args<M>) => Promise<Answer<M>>)(...args),
  });
}

export type ProviderMutationOptions<M extends MethodName> = Omit<
  UseMutationOptions<Answer<M>, Error, Variables<M>>,
  'mutationFn'
>;

/**
 * Calls a custom method that changes something: `useProviderMutation('addUserNote').mutate([userId, text])`.
 * On success the queries the method declared stale are read again before `onSuccess` runs.
 */
export function useProviderMutation<M extends MethodName>(method: M, options: ProviderMutationOptions<M> = {}) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    ...options,
    mutationFn: (variables: Variables<M>) =>
      (dataProvider[method] as (...a: unknown[]) => Promise<Answer<M>>)(...((variables ?? []) as unknown[])),
    onSuccess: async (answer, variables, context, mutation) => {
      await applyInvalidation(client, method, answer);
      await onSuccess?.(answer, variables, context, mutation);
    },
  });
}

/** Applies what a method declared stale, for a hook that calls methods in a loop (leadsHooks.ts). */
export function useApplyInvalidation() {
  const client = useQueryClient();
  return useCallback((method: MethodName, answer?: unknown) => applyInvalidation(client, method, answer), [client]);
}
