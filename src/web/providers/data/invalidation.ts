import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query';

/**
 * What a custom method's success makes stale, declared beside the method with `invalidating` and
 * applied by useProviderMutation (providerHooks.ts), so no screen invalidates by hand; what a change of a
 * resource's records makes stale beyond its own lists, declared beside its adapter with
 * `invalidatingOnChange` and applied by the query client (queryClient.ts). A name is the first part of
 * query keys: a resource (react-admin's `[resource, 'getList', …]`) or a custom read
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

/** What a resource's change declares: reads of other names (react-admin refreshes the resource's own). */
type ResourceInvalidation = Pick<Invalidation, 'invalidates' | 'removes'>;

/**
 * A resource's adapter with what a change of its records (react-admin's create, update and delete)
 * makes stale elsewhere: `invalidatingOnChange({ invalidates: ['getFooterLinks'] }, adapter)` for the
 * footer links an admin edits, which the footer under every page reads as a custom read.
 */
export function invalidatingOnChange<A extends object>(invalidation: ResourceInvalidation, adapter: A): A {
  return Object.assign(adapter, { [INVALIDATION]: invalidation });
}

/** Each resource's declaration by name, filled as the provider is assembled (providers/data/index.ts). */
const declaredForResource = new Map<string, Invalidation>();

export function declareResourceInvalidation(resource: string, adapter: object): void {
  const invalidation = (adapter as { [INVALIDATION]?: Invalidation })[INVALIDATION];
  if (invalidation) declaredForResource.set(resource, invalidation);
}

/** react-admin's mutations that change records; their key is `[resource, kind, params]` (ra-core's useUpdate…). */
const CHANGES = new Set(['create', 'update', 'updateMany', 'delete', 'deleteMany']);

const filterOf = (target: string | QueryFilters): QueryFilters =>
  typeof target === 'string' ? { queryKey: [target] } : target;

/**
 * Applies what `method` declared after it answered `answer`; resolves once the queries on screen have
 * been read again, so a mutation's own onSuccess (a toast, closing a dialog) sees the fresh lists.
 */
export async function applyInvalidation(client: QueryClient, method: string, answer?: unknown): Promise<void> {
  const invalidation = declared.get(method);
  if (invalidation) await apply(client, invalidation, answer);
}

/**
 * Applies what the resource of a react-admin mutation (`mutationKey`) declared, once it succeeded; the
 * query client's mutation cache calls it for every mutation, and it resolves once the queries on screen
 * have been read again (before react-admin's own onSuccess: the notice, the redirect).
 */
export async function applyResourceInvalidation(
  client: QueryClient,
  mutationKey: QueryKey | undefined,
  answer?: unknown,
): Promise<void> {
  const [resource, kind] = mutationKey ?? [];
  if (typeof resource !== 'string' || typeof kind !== 'string' || !CHANGES.has(kind)) return;
  const invalidation = declaredForResource.get(resource);
  if (invalidation) await apply(client, invalidation, answer);
}

async function apply(client: QueryClient, invalidation: Invalidation, answer: unknown): Promise<void> {
  if (invalidation.answers) client.setQueriesData({ queryKey: [invalidation.answers] }, answer);
  for (const queryKey of invalidation.removes ?? []) client.removeQueries({ queryKey });
  const { invalidates = [] } = invalidation;
  if (invalidates === 'all') return client.invalidateQueries();
  const targets = typeof invalidates === 'function' ? invalidates(answer as never) : invalidates;
  await Promise.all(targets.map((target) => client.invalidateQueries(filterOf(target))));
}
