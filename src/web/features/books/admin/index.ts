import type { SchemaBookAdmin } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the books of the library (the forms carry the rich-text editor). */
export default {
  list: lazyView(() => import('./BookList'), 'BookList'),
  create: lazyView(() => import('./BookForm'), 'BookCreate'),
  edit: lazyView(() => import('./BookForm'), 'BookEdit'),
  recordRepresentation: (r: SchemaBookAdmin) => r.title,
};
