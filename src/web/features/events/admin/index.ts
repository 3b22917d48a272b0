import type { SchemaEventAdmin } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the events calendar (the forms carry the rich-text editor). */
export default {
  list: lazyView(() => import('./EventList'), 'EventList'),
  create: lazyView(() => import('./EventForm'), 'EventCreate'),
  edit: lazyView(() => import('./EventForm'), 'EventEdit'),
  recordRepresentation: (r: SchemaEventAdmin) => r.title,
};
