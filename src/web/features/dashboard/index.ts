import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';

/** The landing page after login: upcoming events, news, the new book, the donation box. */
export default {
  routes: [{ path: '/dashboard', access: 'dashboard', screen: lazyScreen(() => import('./DashboardPage')) }],
} satisfies Feature;
