import type { SchemaPackageAdmin } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the packages of lesson categories a subscription grants. */
export default {
  list: lazyView(() => import('./PackageList'), 'PackageList'),
  create: lazyView(() => import('./PackageForm'), 'PackageCreate'),
  edit: lazyView(() => import('./PackageForm'), 'PackageEdit'),
  recordRepresentation: (r: SchemaPackageAdmin) => r.name,
};
