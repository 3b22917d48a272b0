import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import admin from './admin';

/** News for everyone; written by admins. */
export default {
  routes: [
    { path: '/news', access: 'news', screen: lazyScreen(() => import('./NewsListPage')) },
    { path: '/news/view/:id', access: 'news', screen: lazyScreen(() => import('./NewsViewPage')) },
  ],
  resources: [{ name: 'admin/news', ...admin }],
} satisfies Feature;
