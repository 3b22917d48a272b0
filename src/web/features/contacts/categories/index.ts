import type { SchemaContactCategory } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Members and staff: the categories their contacts are sorted into. */
export default {
  list: lazyView(() => import('./CategoryList'), 'CategoryList'),
  create: lazyView(() => import('./CategoryForm'), 'CategoryCreate'),
  edit: lazyView(() => import('./CategoryForm'), 'CategoryEdit'),
  recordRepresentation: (r: SchemaContactCategory) => r.name,
};
