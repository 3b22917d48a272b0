import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import admin from './admin';

/** Live broadcasts for everyone; scheduled by admins. */
export default {
  routes: [
    { path: '/broadcasts', access: 'broadcasts', screen: lazyScreen(() => import('./BroadcastsPage')) },
    { path: '/broadcasts/:id', access: 'broadcasts', screen: lazyScreen(() => import('./BroadcastPage')) },
  ],
  resources: [{ name: 'admin/broadcasts', ...admin }],
} satisfies Feature;
