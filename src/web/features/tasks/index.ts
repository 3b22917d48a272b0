import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import { tasksReads } from './reads';

const TasksPage = lazyScreen(() => import('./TasksPage'));

/** Staff's tasks (meet, call, message), their own or, for a manager, a consultant's (view-as). */
export default {
  routes: [
    { path: '/staff/tasks', access: 'tasks', screen: TasksPage, reads: tasksReads },
    { path: '/staff/tasks/view-as/:pk', access: 'tasks', screen: TasksPage },
  ],
  resources: [{ name: 'tasks' }],
} satisfies Feature;
