import Payments from '@mui/icons-material/Payments';
import type { SchemaStaffPayment } from '../../../api/schema';
import { lazyView } from '../../common/lazyView';

/** Staff: payments of the members they look after; manual donations are approved or rejected here. */
export default {
  list: lazyView(() => import('./PaymentList'), 'PaymentList'),
  show: lazyView(() => import('./PaymentShow'), 'PaymentShow'),
  icon: Payments,
  recordRepresentation: (r: SchemaStaffPayment) => `#${r.id} $${r.amount}`,
};
