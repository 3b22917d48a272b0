import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import admin from './admin';

/** Events for everyone; scheduled by admins. */
export default {
  routes: [
    { path: '/events', access: 'events', screen: lazyScreen(() => import('./EventsPage')) },
    { path: '/events/view/:id', access: 'events', screen: lazyScreen(() => import('./EventViewPage')) },
  ],
  resources: [{ name: 'admin/events', ...admin }],
} satisfies Feature;
