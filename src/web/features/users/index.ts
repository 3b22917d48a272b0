import type { Feature } from '../types';
import users from './resource';
import { usersReads } from './reads';

/** Admins: every account. */
export default {
  resources: [{ name: 'users', ...users, listReads: usersReads }],
} satisfies Feature;
