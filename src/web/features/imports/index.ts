import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import { importsReads } from './reads';

/** Staff's imports of users from .csv files. */
export default {
  routes: [
    {
      path: '/staff/users_imports',
      access: 'imports',
      screen: lazyScreen(() => import('./ImportsPage')),
      reads: importsReads,
    },
  ],
  resources: [{ name: 'imports' }],
} satisfies Feature;
