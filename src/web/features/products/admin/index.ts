import type { SchemaProductAdmin } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the brand's product catalogue (the forms carry the rich-text editor). */
export default {
  list: lazyView(() => import('./ProductList'), 'ProductList'),
  create: lazyView(() => import('./ProductForm'), 'ProductCreate'),
  edit: lazyView(() => import('./ProductForm'), 'ProductEdit'),
  recordRepresentation: (r: SchemaProductAdmin) => r.name,
};
