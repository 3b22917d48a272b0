import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { SchemaStaffOrder } from '../../../../api/schema';
import { STATUS_COLOR } from '../MyOrders';

export const STATUS_CHOICES = ['pending', 'paid', 'sent', 'delivered', 'cancelled'].map((id) => ({
  id,
  name: `atrium.products.statuses.${id}`,
}));

export function OrderStatusChip() {
  const record = useRecordContext<SchemaStaffOrder>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[record.status]}
      label={translate(`atrium.products.statuses.${record.status}`)}
      data-testid="order-status"
    />
  );
}

export function OrderMember() {
  const record = useRecordContext<SchemaStaffOrder>();
  return record ? <>{`${record.user.first_name} ${record.user.last_name}`}</> : null;
}
