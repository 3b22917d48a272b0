import { useDataProvider, useLocaleState } from 'react-admin';
import type { AtriumDataProvider } from '.';
import { useQuery } from './query';

/** The server's menu for the signed-in user, through the provider; fetched again when the language changes. */
export function useServerMenu(kind: 'main' | 'dropdown') {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const [locale] = useLocaleState();
  return useQuery({ queryKey: ['menu', kind, locale], queryFn: () => dataProvider.getMenu(kind), staleTime: 5 * 60_000 });
}
