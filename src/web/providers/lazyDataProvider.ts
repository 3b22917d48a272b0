import type { DataProvider } from 'react-admin';

type Methods = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * A data provider whose code loads on its first call, so the login screen does not download the
 * adapters. Every method name is forwarded, the custom ones too (`dataProvider.register(…)`); the
 * methods in `ready` (the public screens' calls, from a small module already loaded) answer at once,
 * without loading the rest.
 */
export function lazyDataProvider(load: () => Promise<DataProvider>, ready: Methods = {}): DataProvider {
  let loaded: Promise<DataProvider> | undefined;
  return new Proxy({} as DataProvider, {
    get(_, name) {
      // Not a method: react-admin asks for supportAbortSignal, promise checks ask for then.
      if (typeof name === 'symbol' || name === 'then' || name === 'supportAbortSignal') return undefined;
      if (Object.hasOwn(ready, name)) return ready[name];
      return async (...args: unknown[]) => {
        const provider = await (loaded ??= load());
        const method = provider[name] as ((...a: unknown[]) => unknown) | undefined;
        if (typeof method !== 'function') throw new Error(`Unknown dataProvider function: ${name}`);
        return method.apply(provider, args);
      };
    },
  });
}
