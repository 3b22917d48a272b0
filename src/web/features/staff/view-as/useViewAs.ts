import { useParams } from 'react-router-dom';
import { useViewAsEmployee } from '../../statistics/hooks';
import { isRefusal } from '../../../common/Failure';

/**
 * View-as from the route (…/view-as/:pk): the employee's id, their name (for the banner) and where
 * the same page is without view-as. The server checks every call; this only names what is shown.
 */
export function useViewAs(base: string) {
  const { pk } = useParams();
  const userId = pk && /^\d+$/.test(pk) ? Number(pk) : undefined;
  const employee = useViewAsEmployee(userId);
  return {
    userId,
    employee: employee.data,
    error: employee.error,
    /** The server refused (403) to show this employee's workspace: the page says so instead. */
    refused: isRefusal(employee.error),
    exitTo: base,
    pathOf: (id: number) => `${base}/view-as/${id}`,
  };
}
