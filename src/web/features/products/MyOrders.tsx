import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import LocalShipping from '@mui/icons-material/LocalShipping';
import { useTranslate } from 'react-admin';
import type { SchemaMyOrder } from '../../../api/schema';
import { fmtDate, useFmtMoney, useTimeZone } from '../../common/format';
import { EmptyBlock, QueryState } from '../../common/States';
import { useMyOrders } from './hooks';
import { ProductPhoto } from './ProductPhoto';

export const STATUS_COLOR = {
  pending: 'warning',
  paid: 'info',
  sent: 'primary',
  delivered: 'success',
  cancelled: 'default',
} as const;

/** The member's orders, newest first, each with its status and where it goes. */
export function MyOrders() {
  const translate = useTranslate();
  const orders = useMyOrders();
  return (
    <QueryState query={orders}>
      {(list) =>
        list.length ? (
          <Stack spacing={1.5} data-testid="my-orders">
            {list.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </Stack>
        ) : (
          <EmptyBlock icon={<LocalShipping />} text={translate('atrium.products.no_orders')} />
        )
      }
    </QueryState>
  );
}

function OrderCard({ order }: { order: SchemaMyOrder }) {
  const translate = useTranslate();
  const money = useFmtMoney();
  const tz = useTimeZone();
  const d = order.delivery;
  return (
    <Card variant="outlined" data-testid="my-order">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ width: 64, flexShrink: 0 }}>
          <ProductPhoto src={order.photo} alt={order.product_name} />
        </Box>
        <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {order.product_name}
            </Typography>
            <Chip
              size="small"
              color={STATUS_COLOR[order.status]}
              label={translate(`atrium.products.statuses.${order.status}`)}
              data-testid="order-status"
            />
          </Stack>
          <Typography variant="body2">
            {money(order.price)} · {translate('atrium.products.ordered_at', { date: fmtDate(order.created_at, tz) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[d.name, d.address, `${d.postal_code} ${d.city}`, d.country].join(', ')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
