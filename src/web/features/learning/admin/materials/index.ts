import type { SchemaLessonMaterialAdmin } from '../../../../../api/schema';
import { lazyView } from '../../../../common/lazyView';

/** Admin: a lesson's files and links. */
export default {
  list: lazyView(() => import('./MaterialList'), 'MaterialList'),
  create: lazyView(() => import('./MaterialForm'), 'MaterialCreate'),
  edit: lazyView(() => import('./MaterialForm'), 'MaterialEdit'),
  recordRepresentation: (r: SchemaLessonMaterialAdmin) => r.title,
};
