import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import packages from './admin';
import { subscriptionReads } from './reads';

/** The member's subscription (packages, current package, history); the packages managed by admins. */
export default {
  routes: [
    {
      path: '/subscription',
      access: 'subscription',
      screen: lazyScreen(() => import('./SubscriptionPage')),
      reads: subscriptionReads,
    },
  ],
  resources: [{ name: 'admin/packages', ...packages }],
} satisfies Feature;
