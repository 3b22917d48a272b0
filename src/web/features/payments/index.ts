import type { Feature } from '../types';
import payments from './resource';

/** Payments: staff approve or reject the members' manual donations (the donation box is the dashboard's). */
export default {
  resources: [{ name: 'staff/payments', ...payments }],
} satisfies Feature;
