import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The page number and search text of a list, kept in the address (?page=2&q=…) so Back and reload keep them. */
export function usePaging() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const set = useCallback(
    (next: { page?: number; q?: string }) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next.q !== undefined) {
            if (next.q) p.set('q', next.q);
            else p.delete('q');
            p.delete('page');
          }
          if (next.page !== undefined) {
            if (next.page > 1) p.set('page', String(next.page));
            else p.delete('page');
          }
          return p;
        },
        { replace: next.page === undefined },
      );
    },
    [setParams],
  );
  const setPage = useCallback(
    (n: number) => {
      set({ page: n });
    },
    [set],
  );
  const setQ = useCallback(
    (text: string) => {
      set({ q: text });
    },
    [set],
  );
  return { page, q, setPage, setQ, params, setParams };
}

/** How many pages a paged answer has. */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));
