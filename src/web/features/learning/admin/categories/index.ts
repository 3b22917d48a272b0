import type { SchemaLessonCategoryAdmin } from '../../../../../api/schema';
import { lazyView } from '../../../../common/lazyView';

/** Admin: the categories the lessons are grouped in (and packages grant). */
export default {
  list: lazyView(() => import('./CategoryList'), 'CategoryList'),
  create: lazyView(() => import('./CategoryForm'), 'CategoryCreate'),
  edit: lazyView(() => import('./CategoryForm'), 'CategoryEdit'),
  recordRepresentation: (r: SchemaLessonCategoryAdmin) => r.title,
};
