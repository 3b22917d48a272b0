import type { SchemaStructureUser } from '../../../../api/schema';
import { lazyView, personName } from '../../../common/lazyView';

/** Staff and members: the people in one's structure. */
export default {
  list: lazyView(() => import('./StructureList'), 'StructureList'),
  recordRepresentation: (r: SchemaStructureUser) => personName(r),
};
