import type { QueryKey } from '@tanstack/react-query';
import type { AtriumMethods } from '.';

/** A custom method of the data provider (providerHooks.ts calls them). */
export type MethodName = keyof AtriumMethods;

/**
 * The key of a custom read: the method, the language the server answers in (null when the answer does not
 * depend on it), then the arguments. Invalidating `[method]` reaches every language and argument. A module
 * of its own: the signed-in start (startup.ts) asks its first reads under these keys before react-admin loads.
 */
export const providerKey = <M extends MethodName>(
  method: M,
  locale: string | null,
  ...args: Parameters<AtriumMethods[M]>
): QueryKey => [method, locale, ...args];
