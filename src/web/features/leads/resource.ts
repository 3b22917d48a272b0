import type { SchemaWaitingUser } from '../../../api/schema';
import { lazyView, personName } from '../../common/lazyView';

/**
 * Staff: a waiting lead's brief. The queue itself is Team's Waiting leads tab (WaitingLeadsList in
 * TeamPage), the one way to it: no list page of its own.
 */
export default {
  show: lazyView(() => import('./LeadBrief'), 'LeadBrief'),
  recordRepresentation: (r: SchemaWaitingUser) => personName(r),
};
