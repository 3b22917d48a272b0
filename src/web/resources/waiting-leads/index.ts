import type { SchemaWaitingUser } from '../../../api/schema';
import { lazyView, personName } from '../lazy';

/** Staff: the leads waiting for a consultant. */
export default {
  list: lazyView(() => import('./WaitingLeadsList'), 'WaitingLeadsList'),
  recordRepresentation: (r: SchemaWaitingUser) => personName(r),
};
