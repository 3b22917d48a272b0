import type { DataProvider } from 'react-admin';

type Methods = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * A data provider whose code loads on its first call, so the login screen does not download the adapters. Every method name is forwarded, the custom ones too (`dataProvider.register(…)`);
 * the methods in `ready` (the public screens' calls, from a small module already loaded) answer at once,
 * without loading the rest. Once loaded, a call goes straight to the provider: waiting for the loaded
 * module's promise again would put every request after the task under way, at start-up a long render.
 */
export function lazyDataProvider(load: () => Promise<DataProvider>, ready: Methods = {}): DataProvider {
  let loading: Promise<DataProvider> | undefined;
  let loaded: DataProvider | undefined;
  const start = () =>
    (loading ??= load().then((provider) => {
      loaded = provider;
      return provider;
    }));
  return new Proxy({} as DataProvider, {
    get(_, name) {
      // Not a method: react-admin asks for supportAbortSignal, promise checks ask for then.
      if (typeof name === 'symbol' || name === 'then' || name === 'supportAbortSignal') return undefined;
      if (Object.hasOwn(ready, name)) return ready[name];
      return async (...args: unknown[]) => {
        const provider = loaded ?? (await start());
        const method = provider[name] as ((...a: unknown[]) => unknown) | undefined;
        if (typeof method !== 'function') throw new Error(`Unknown dataProvider function: ${name}`);
        return method.apply(provider, args);
      };
    },
  });
}
