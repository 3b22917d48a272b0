import type { SchemaFlow } from '../../../api/schema';
import { lazyView } from '../../common/lazyView';

/** Members and staff: their funnels (flows) and landing pages. */
export default {
  list: lazyView(() => import('./FlowList'), 'FlowList'),
  create: lazyView(() => import('./FlowCreate'), 'FlowCreate'),
  edit: lazyView(() => import('./FlowCreate'), 'FlowEdit'),
  recordRepresentation: (r: SchemaFlow) => r.name,
};
