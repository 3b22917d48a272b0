import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

type Opened = { opened?: string } | null;

/** An id from the address (`/lesson/view/:id`) that a record can have; any other is not found, with no call. */
export const isRecordId = (id: number): boolean => Number.isInteger(id) && id > 0;

/**
 * One piece of a screen's state kept in the address's query (`?tab=tasks`, `?work_times=12`), as
 * react-admin's demo and Atomic CRM keep their dialogs and tabs: a reload or a copied link shows the
 * same screen, and Back closes a dialog instead of leaving the page. The other query parameters (a
 * list's page and filters) are kept.
 *
 * `set(value)` pushes a history entry (`{ replace: true }` for a tab, as `TeamPage` does); `set(null)`
 * goes back the step this screen pushed, so Back after a dialog closed leaves the page rather than
 * opening the dialog again, and otherwise (a link opened in a new tab) drops the parameter in place.
 */
export function useUrlParam(name: string) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const value = params.get(name);
  const set = (next: string | number | null, options: { replace?: boolean } = {}) => {
    if (next === null && value !== null && (location.state as Opened)?.opened === name) {
      void navigate(-1);
      return;
    }
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next === null) query.delete(name);
        else query.set(name, String(next));
        return query;
      },
      next === null || options.replace ? { replace: true } : { state: { opened: name } satisfies Opened },
    );
  };
  return [value, set] as const;
}

/**
 * A dialog open while the address says so (`?<name>=<key>`): `key` tells apart the rows of a list
 * that each have the dialog (the record's id), `'1'` for a dialog of the page.
 */
export function useUrlDialog(name: string, key: string | number = 1) {
  const [value, set] = useUrlParam(name);
  return {
    open: value === String(key),
    show: () => {
      set(key);
    },
    close: () => {
      set(null);
    },
  };
}
