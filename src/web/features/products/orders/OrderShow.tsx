import { Button, Stack } from '@mui/material';
import {
  FunctionField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { SchemaStaffOrder } from '../../../../api/schema';
import { useNotifyError } from '../../../common/errors';
import { InstantField, MoneyField } from '../../../common/fields';
import { useChangeOrderStatus } from '../hooks';
import { OrderMember, OrderStatusChip } from './OrderFields';

const L = (f: string) => `atrium.products.orders.fields.${f}`;
const D = (f: string) => `atrium.products.delivery.${f}`;

/** What staff may do next with an order in each status (the server holds the same rule). */
const NEXT: Partial<Record<SchemaStaffOrder['status'], ReadonlyArray<'sent' | 'delivered' | 'cancelled'>>> = {
  paid: ['sent', 'cancelled'],
  sent: ['delivered', 'cancelled'],
};

function StatusButtons() {
  const record = useRecordContext<SchemaStaffOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const change = useChangeOrderStatus(() => undefined);
  if (!record) return null;
  const next = NEXT[record.status] ?? [];
  if (!next.length) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      {next.map((status) => (
        <Button
          key={status}
          variant={status === 'cancelled' ? 'outlined' : 'contained'}
          color={status === 'cancelled' ? 'error' : 'primary'}
          disabled={change.isPending}
          data-testid={`order-mark-${status}`}
          onClick={() => {
            change.mutate([record.id, status], {
              onSuccess: (o) => {
                notify('atrium.products.orders.changed', {
                  type: 'success',
                  messageArgs: { status: translate(`atrium.products.statuses.${o.status}`) },
                });
              },
              onError: notifyError,
            });
          }}
        >
          {translate(`atrium.products.orders.mark.${status}`)}
        </Button>
      ))}
    </Stack>
  );
}

/** One order: the member, the product, its status with the next steps, and where to deliver it. */
export function OrderShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <StatusButtons />
        <OrderStatusChip />
        <FunctionField label={L('user')} render={() => <OrderMember />} />
        <TextField source="product_name" label={L('product_name')} />
        <MoneyField source="price" label={L('price')} />
        <Labeled label={L('created_at')}>
          <InstantField source="created_at" />
        </Labeled>
        <FunctionField<SchemaStaffOrder>
          label={L('paid_at')}
          render={(r) => (r.paid_at ? <InstantField source="paid_at" /> : '—')}
        />
        <TextField source="delivery.name" label={D('name')} />
        <TextField source="delivery.phone" label={D('phone')} />
        <TextField source="delivery.address" label={D('address')} />
        <TextField source="delivery.city" label={D('city')} />
        <TextField source="delivery.postal_code" label={D('postal_code')} />
        <TextField source="delivery.country" label={D('country')} />
        <TextField source="delivery.comment" label={D('comment')} emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
