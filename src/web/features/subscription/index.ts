import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import packages from './admin';

/** The member's subscription (packages, current package, history); the packages managed by admins. */
export default {
  routes: [{ path: '/subscription', access: 'subscription', screen: lazyScreen(() => import('./SubscriptionPage')) }],
  resources: [{ name: 'admin/packages', ...packages }],
} satisfies Feature;
