import { DataTable, ListBase, Loading, NumberInput, SimpleList, useTranslate } from 'react-admin';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import type { SchemaStaffOrder } from '../../../../api/schema';
import { FilterTabs } from '../../../common/FilterTabs';
import { SharedFilterActions, SharedFilterListView } from '../../../common/SharedFilterForm';
import { InstantField, MoneyField } from '../../../common/fields';
import { useFmtMoney } from '../../../common/format';
import { TABLE_FITS } from '../../../common/tableFits';
import { OrderMember, OrderStatusChip, STATUS_CHOICES } from './OrderFields';

const L = (f: string) => `atrium.products.orders.fields.${f}`;
const filters = [<NumberInput key="user_id" source="user_id" label="atrium.payments.staff.fields.user_id" />];

/** The orders of the members the signed-in staff member looks after (admins: all), newest first, a tab per status. */
export function OrderList() {
  const translate = useTranslate();
  const money = useFmtMoney();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const empty = <p style={{ padding: 16 }}>{translate('atrium.products.orders.empty')}</p>;
  return (
    <ListBase
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      authLoading={<Loading />}
      offline={false}
    >
      {/* The tabs and the member filter are one filter form: a tab and a member picked at once both hold. */}
      <SharedFilterListView filters={filters} title={undefined} actions={<SharedFilterActions />} sx={TABLE_FITS}>
        <FilterTabs source="status" label={L('status')} choices={STATUS_CHOICES} all="atrium.products.orders.all" />
        {phone ? (
          <SimpleList<SchemaStaffOrder>
            primaryText={(r) => `${r.product_name} · ${money(r.price)}`}
            secondaryText={(r) => (
              <>
                {`${r.user.first_name} ${r.user.last_name} · ${translate(`atrium.products.statuses.${r.status}`)}`}
                <Box component="span" sx={{ display: 'block' }}>
                  <InstantField source="created_at" />
                </Box>
              </>
            )}
            rowClick="show"
            empty={empty}
          />
        ) : (
          <DataTable rowClick="show" bulkActionButtons={false} empty={empty}>
            <DataTable.Col source="id" label={L('id')} />
            <DataTable.Col source="created_at" label={L('created_at')}>
              <InstantField source="created_at" />
            </DataTable.Col>
            <DataTable.Col source="user" label={L('user')} disableSort>
              <OrderMember />
            </DataTable.Col>
            <DataTable.Col source="product_name" label={L('product_name')} disableSort />
            <DataTable.Col source="price" label={L('price')} align="right">
              <MoneyField source="price" />
            </DataTable.Col>
            <DataTable.Col source="status" label={L('status')}>
              <OrderStatusChip />
            </DataTable.Col>
          </DataTable>
        )}
      </SharedFilterListView>
    </ListBase>
  );
}
