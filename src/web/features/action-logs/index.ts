import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';

/** Staff's history of actions. */
export default {
  routes: [{ path: '/staff/action_logs', access: 'action-logs', screen: lazyScreen(() => import('./ActionLogsPage')) }],
  resources: [{ name: 'action-logs' }],
} satisfies Feature;
