import type { SchemaBroadcastAdmin } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the broadcasts (admin/broadcasts; the forms carry the rich-text editor). */
export default {
  list: lazyView(() => import('./BroadcastList'), 'BroadcastList'),
  create: lazyView(() => import('./BroadcastForm'), 'BroadcastCreate'),
  edit: lazyView(() => import('./BroadcastForm'), 'BroadcastEdit'),
  recordRepresentation: (r: SchemaBroadcastAdmin) => r.title,
};
