import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import admin from './admin';
import orders from './orders';

/** The shop for everyone; its orders handled by staff, its products managed by admins. */
export default {
  routes: [
    { path: '/products', access: 'products', screen: lazyScreen(() => import('./ProductsPage')) },
    { path: '/products/:id', access: 'products', screen: lazyScreen(() => import('./ProductPage')) },
  ],
  resources: [
    { name: 'staff/orders', ...orders },
    { name: 'admin/products', ...admin },
  ],
} satisfies Feature;
