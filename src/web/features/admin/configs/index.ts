import type { SchemaConfigAdmin } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the settings the app reads (public ones are served before login). */
export default {
  list: lazyView(() => import('./ConfigList'), 'ConfigList'),
  create: lazyView(() => import('./ConfigForm'), 'ConfigCreate'),
  edit: lazyView(() => import('./ConfigForm'), 'ConfigEdit'),
  recordRepresentation: (r: SchemaConfigAdmin) => r.key,
};
