import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';

const StaffDashboardPage = lazyScreen(() => import('./StaffDashboardPage'));

/** Staff's dashboard: the statistics overall, by country and by consultant, their own or a consultant's. */
export default {
  routes: [
    { path: '/staff-dashboard', access: 'statistics', screen: StaffDashboardPage },
    { path: '/staff-dashboard/view-as/:pk', access: 'statistics', screen: StaffDashboardPage },
  ],
} satisfies Feature;
