import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';

const TicketsPage = lazyScreen(() => import('./TicketsPage'));

/** Support requests (tickets): a user's own ("My requests", a new request) and staff's queue. */
export default {
  routes: [
    { path: '/support', access: 'my-tickets', screen: lazyScreen(() => import('./MyRequestsPage')) },
    { path: '/user/new-request/:ticketId', access: 'my-tickets', screen: lazyScreen(() => import('./NewRequestPage')) },
    { path: '/staff/tickets', access: 'tickets', screen: TicketsPage },
    { path: '/staff/tickets/view-as/:pk', access: 'tickets', screen: TicketsPage },
  ],
  resources: [{ name: 'my-tickets' }, { name: 'tickets' }],
} satisfies Feature;
