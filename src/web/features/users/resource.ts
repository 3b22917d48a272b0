import type { SchemaAdminUser } from '../../../api/schema';
import { lazyView, personName } from '../../common/lazyView';

/** Admin: every account. */
export default {
  list: lazyView(() => import('./UserList'), 'UserList'),
  create: lazyView(() => import('./UserCreate'), 'UserCreate'),
  edit: lazyView(() => import('./UserEdit'), 'UserEdit'),
  recordRepresentation: (r: SchemaAdminUser) => personName(r),
};
