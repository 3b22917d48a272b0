import { useParams } from 'react-router-dom';
import { useViewAsEmployee } from '../../providers/data/statisticsHooks';

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
    exitTo: base,
    pathOf: (id: number) => `${base}/view-as/${id}`,
  };
}
