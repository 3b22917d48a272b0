import type { SchemaNewsAdmin } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the news (the forms carry the rich-text editor). */
export default {
  list: lazyView(() => import('./NewsList'), 'NewsList'),
  create: lazyView(() => import('./NewsForm'), 'NewsCreate'),
  edit: lazyView(() => import('./NewsForm'), 'NewsEdit'),
  recordRepresentation: (r: SchemaNewsAdmin) => r.title,
};
