import LocalShipping from '@mui/icons-material/LocalShipping';
import type { SchemaStaffOrder } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Staff: the product orders of the members they look after, moved on from paid to sent and delivered. */
export default {
  list: lazyView(() => import('./OrderList'), 'OrderList'),
  show: lazyView(() => import('./OrderShow'), 'OrderShow'),
  icon: LocalShipping,
  recordRepresentation: (r: SchemaStaffOrder) => `#${r.id} ${r.product_name}`,
};
