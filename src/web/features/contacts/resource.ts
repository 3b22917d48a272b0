import type { SchemaContact } from '../../../api/schema';
import { lazyView, personName } from '../../common/lazyView';

/** Members and staff: their own contacts (the CRM's people). */
export default {
  list: lazyView(() => import('./ContactList'), 'ContactList'),
  create: lazyView(() => import('./ContactCreate'), 'ContactCreate'),
  edit: lazyView(() => import('./ContactCreate'), 'ContactEdit'),
  recordRepresentation: (r: SchemaContact) => personName(r),
};
