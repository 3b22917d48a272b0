import type { SchemaWaitingUser } from '../../../api/schema';
import { lazyView, personName } from '../../common/lazyView';

/** Staff: the leads waiting for a consultant, a work queue; a lead opens as its brief. */
export default {
  list: lazyView(() => import('./WaitingLeadsList'), 'WaitingLeadsList'),
  show: lazyView(() => import('./LeadBrief'), 'LeadBrief'),
  recordRepresentation: (r: SchemaWaitingUser) => personName(r),
};
