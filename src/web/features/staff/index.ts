import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';

/** The roster of consultants (staff users): work times, limits, partners, giving people away. */
export default {
  routes: [{ path: '/staff/list', access: 'staff-users', screen: lazyScreen(() => import('./StaffListPage')) }],
  resources: [{ name: 'staff-users' }],
} satisfies Feature;
