import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query';

/**
 * What a custom method's success makes stale, declared beside the method with `invalidating` and
 * applied by useProviderMutation (providerHooks.ts), so no screen invalidates by hand. A name is the
 * first part of query keys: a resource (react-admin's `[resource, 'getList', …]`) or a custom read
 * (`[method, locale, …args]`, see providerKey).
 */
export type Invalidation<Answer = never> = {
  /** Names (or filters) whose queries are read again, or a function of the answer; 'all' is react-admin's refresh. */
  invalidates?: 'all' | Targets | ((answer: Answer) => Targets);
  /** Queries dropped rather than marked stale: a list whose old page must not show even for a moment. */
  removes?: readonly QueryKey[];
  /** A custom read whose value the answer is: its queries show the answer at once. */
  answers?: string;
};

type Targets = readonly (string | QueryFilters)[];

const INVALIDATION = Symbol('invalidation');

/** A custom method with what its success makes stale (see Invalidation). */
export function invalidating<F extends (...args: never[]) => Promise<unknown>>(
  invalidation: Invalidation<Awaited<ReturnType<F>>>,
  method: F,
): F {
  return Object.assign(method, { [INVALIDATION]: invalidation });
}

/** Each custom method's declaration by name, filled as the provider is assembled (withCustomMethods). */
const declared = new Map<string, Invalidation>();

export function declareInvalidation(name: string, method: object): void {
  const invalidation = (method as { [INVALIDATION]?: Invalidation })[INVALIDATION];
  if (invalidation) declared.set(name, invalidation);
}

const filterOf = (target: string | QueryFilters): QueryFilters =>
  typeof target === 'string' ? { queryKey: [target] } : target;

/**
 * Applies what `method` declared after it answered `answer`; resolves once the queries on screen have
 * been read again, so a mutation's own onSuccess (a toast, closing a dialog) sees the fresh lists.
 */
export async function applyInvalidation(client: QueryClient, method: string, answer?: unknown): Promise<void> {
  const invalidation = declared.get(method);
  if (!invalidation) return;
  if (invalidation.answers) client.setQueriesData({ queryKey: [invalidation.answers] }, answer);
  for (const queryKey of invalidation.removes ?? []) client.removeQueries({ queryKey });
  const { invalidates = [] } = invalidation;
  if (invalidates === 'all') return client.invalidateQueries();
  const targets = typeof invalidates === 'function' ? invalidates(answer as never) : invalidates;
  await Promise.all(targets.map((target) => client.invalidateQueries(filterOf(target))));
}
