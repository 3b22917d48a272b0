import { useCanAccess } from 'react-admin';
import { lazyScreen } from '../../../common/lazyScreen';
import { LoadingBlock } from '../../../common/States';

const StaffPersonPage = lazyScreen(() => import('./StaffPersonPage'));
const UserDetailsPage = lazyScreen(() => import('../UserDetailsPage'));

/**
 * /user/view-details/{pk}: staff (consultants, admins) get the person page to work the person; a member
 * gets the details of a user of their structure.
 */
export default function PersonRoute() {
  const { canAccess, isPending } = useCanAccess({ action: 'show', resource: 'staff-tools' });
  if (isPending) return <LoadingBlock />;
  return canAccess ? <StaffPersonPage /> : <UserDetailsPage />;
}
