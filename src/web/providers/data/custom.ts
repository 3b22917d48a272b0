import type { DataProvider } from 'react-admin';
import { failingAsHttpError } from './errors';
import { declareInvalidation } from './invalidation';

/** Any argument list: each method keeps its own signature in the provider's type. */
type Methods = Record<string, (...args: never[]) => Promise<unknown>>;

/** The intersection of the method groups: every group's methods with their own signatures. */
export type AllOf<C extends Methods[]> = (
  C[number] extends infer U ? (U extends unknown ? (x: U) => void : never) : never
) extends (x: infer I) => void
  ? I
  : never;

/**
 * The resource methods plus custom ones for what is not a resource (start an import, approve a
 * payment…), as Atomic CRM's provider does. A custom method's failure goes through the same
 * toHttpError as the resources', so screens see one kind of error.
 */
export function withCustomMethods<C extends Methods[]>(resources: DataProvider, ...groups: C): DataProvider & AllOf<C> {
  const custom: Methods = {};
  for (const group of groups) {
    for (const [name, fn] of Object.entries(group)) {
      // Two areas naming a method alike would silently lose one of them.
      if (Object.hasOwn(custom, name)) throw new Error(`Two custom data provider methods are named "${name}"`);
      custom[name] = fn;
      declareInvalidation(name, fn);
    }
  }
  const wrapped = Object.fromEntries(
    Object.entries(custom).map(([name, fn]) => [name, failingAsHttpError(fn as (...a: unknown[]) => Promise<unknown>)]),
  );
  // combineDataProviders answers every name with a resource call, so the custom names come first.
  return new Proxy(resources, {
    get: (target, name): unknown =>
      typeof name === 'string' && Object.hasOwn(wrapped, name) ? wrapped[name] : Reflect.get(target, name),
  }) as DataProvider & AllOf<C>;
}
