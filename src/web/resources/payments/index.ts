import Payments from '@mui/icons-material/Payments';
import type { SchemaStaffPayment } from '../../../api/schema';
import { PaymentList } from './PaymentList';
import { PaymentShow } from './PaymentShow';

/** Staff: payments of the members they look after; manual donations are approved or rejected here. */
export default {
  list: PaymentList,
  show: PaymentShow,
  icon: Payments,
  recordRepresentation: (r: SchemaStaffPayment) => `#${r.id} $${r.amount}`,
};
