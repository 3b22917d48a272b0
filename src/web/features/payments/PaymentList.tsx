import {
  BooleanInput,
  DataTable,
  ListBase,
  Loading,
  NumberInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import type { SchemaStaffPayment } from '../../../api/schema';
import { TABLE_FITS } from '../../common/tableFits';
import { FilterTabs } from '../../common/FilterTabs';
import { SharedFilterActions, SharedFilterListView } from '../../common/SharedFilterForm';
import { InstantField, MoneyField } from '../../common/fields';
import { useFmtMoney } from '../../common/format';
import { DateInput } from '../../common/inputs';
import { KIND_CHOICES, shownState, TAB_STATES } from './choices';
import { KindField, MemberField, StateChip } from './PaymentFields';

// The state is the tabs' filter; the others are react-admin's filter inputs, fields of the same form.
const filters = [
  <SelectInput key="kind" source="kind" label="atrium.payments.staff.fields.kind" choices={KIND_CHOICES} alwaysOn />,
  <NumberInput key="user_id" source="user_id" label="atrium.payments.staff.fields.user_id" />,
  <DateInput key="date_from" source="date_from" label="atrium.payments.staff.fields.date_from" />,
  <DateInput key="date_to" source="date_to" label="atrium.payments.staff.fields.date_to" />,
  <BooleanInput key="manual" source="manual" label="atrium.payments.staff.fields.manual" />,
];

/** Payments of the members the signed-in staff member looks after (admins: all), newest first, a tab per state. */
export function PaymentList() {
  const translate = useTranslate();
  const money = useFmtMoney();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <ListBase
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      authLoading={<Loading />}
      offline={false}
    >
      {/* The tabs and the inputs above them are one filter form: a tab and a kind picked at once both hold. */}
      <SharedFilterListView filters={filters} title={undefined} actions={<SharedFilterActions />} sx={TABLE_FITS}>
        <FilterTabs
          source="state"
          label="atrium.payments.staff.fields.state"
          choices={TAB_STATES}
          all="atrium.payments.staff.all"
        />
        {phone ? (
          <SimpleList<SchemaStaffPayment>
            primaryText={(r) => `${money(r.amount)} · ${translate(`atrium.payments.staff.kinds.${r.kind}`)}`}
            // The time on a line of its own: beside the amount it squeezed the kind onto a second line.
            secondaryText={(r) => (
              <>
                {`${r.user.first_name} ${r.user.last_name} · ${translate(`atrium.payments.staff.states.${shownState(r)}`)}`}
                <Box component="span" sx={{ display: 'block' }}>
                  <InstantField source="created_at" />
                </Box>
              </>
            )}
            rowClick="show"
            empty={<p style={{ padding: 16 }}>{translate('atrium.payments.staff.empty')}</p>}
          />
        ) : (
          <DataTable
            rowClick="show"
            bulkActionButtons={false}
            empty={<p style={{ padding: 16 }}>{translate('atrium.payments.staff.empty')}</p>}
          >
            <DataTable.Col source="id" label="atrium.payments.staff.fields.id" />
            <DataTable.Col source="created_at" label="atrium.payments.staff.fields.created_at">
              <InstantField source="created_at" />
            </DataTable.Col>
            <DataTable.Col source="user" label="atrium.payments.staff.fields.user" disableSort>
              <MemberField />
            </DataTable.Col>
            <DataTable.Col source="kind" label="atrium.payments.staff.fields.kind">
              <KindField />
            </DataTable.Col>
            <DataTable.Col source="amount" label="atrium.payments.staff.fields.amount" align="right">
              <MoneyField source="amount" />
            </DataTable.Col>
            <DataTable.Col source="method_name" label="atrium.payments.staff.fields.method_name" disableSort />
            <DataTable.Col source="state" label="atrium.payments.staff.fields.state">
              <StateChip />
            </DataTable.Col>
          </DataTable>
        )}
      </SharedFilterListView>
    </ListBase>
  );
}
