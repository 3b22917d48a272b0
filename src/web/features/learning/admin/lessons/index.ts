import type { SchemaLessonAdmin } from '../../../../../api/schema';
import { lazyView } from '../../../../common/lazyView';

/** Admin: the lessons (the forms carry the rich-text editor). */
export default {
  list: lazyView(() => import('./LessonList'), 'LessonList'),
  create: lazyView(() => import('./LessonForm'), 'LessonCreate'),
  edit: lazyView(() => import('./LessonForm'), 'LessonEdit'),
  recordRepresentation: (r: SchemaLessonAdmin) => r.title,
};
