import type { DataProvider } from 'react-admin';

/**
 * A data provider whose code loads on its first call. The public screens read no resource, so the
 * login screen does not download the adapters; react-admin only ever calls the provider's methods.
 */
export function lazyDataProvider(load: () => Promise<DataProvider>): DataProvider {
  let loaded: Promise<DataProvider> | undefined;
  return new Proxy({} as DataProvider, {
    get(_, name) {
      // Not a method: react-admin asks for supportAbortSignal, promise checks ask for then.
      if (typeof name === 'symbol' || name === 'then' || name === 'supportAbortSignal') return undefined;
      return async (...args: unknown[]) => {
        const provider = await (loaded ??= load());
        const method = provider[name] as ((...a: unknown[]) => unknown) | undefined;
        if (typeof method !== 'function') throw new Error(`Unknown dataProvider function: ${name}`);
        return method.apply(provider, args);
      };
    },
  });
}
