import type { Feature } from '../types';
import users from './resource';

/** Admins: every account. */
export default {
  resources: [{ name: 'users', ...users }],
} satisfies Feature;
