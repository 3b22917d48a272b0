import type { Feature } from '../types';
import leads from './resource';

/** Leads waiting for a consultant: staff's queue, a member's own structure's. */
export default {
  resources: [{ name: 'waiting-leads', ...leads }],
} satisfies Feature;
