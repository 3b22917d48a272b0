import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useLocaleState } from 'react-admin';

/** The server's menus for the signed-in user, refetched when the language changes. */
export function useServerMenu(kind: 'main' | 'dropdown') {
  const [locale] = useLocaleState();
  return useQuery({
    queryKey: ['menu', kind, locale],
    queryFn: () => unwrap(kind === 'main' ? api.GET('/menu/main/') : api.GET('/menu/dropdown/')),
    staleTime: 5 * 60_000,
  });
}
