import { Alert, Button, Stack } from '@mui/material';
import Savings from '@mui/icons-material/Savings';
import { DataTable, ReferenceManyField, useTranslate } from 'react-admin';
import { Pagination } from '../../../common/Pagination';
import type { SchemaStaffUserDetails, SchemaTeamDonation } from '../../../../api/schema';
import { fmtDateTime, useFmtMoney, useTimeZone } from '../../../common/format';
import { useUrlDialog } from '../../../common/urlState';
import { RecordDonationDialog } from './RecordDonationDialog';

const L = (key: string) => `atrium.person.donations.${key}`;

/** The person's donations and payments (team/contact/get_donations/), and recording one made outside the app (`?record_donation=1`). */
export function DonationsTab({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const recording = useUrlDialog('record_donation');
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<Savings />}
          onClick={() => {
            recording.show();
          }}
        >
          {translate(L('record'))}
        </Button>
      </Stack>
      <DonationsList userId={person.id} />
      {recording.open && <RecordDonationDialog person={person} onClose={recording.close} />}
    </Stack>
  );
}

/** A user's donations and payments (team/contact/get_donations/): the person page's tab and a member contact's. */
export function DonationsList({ userId }: { userId: number }) {
  const translate = useTranslate();
  const money = useFmtMoney();
  const tz = useTimeZone();
  return (
    <ReferenceManyField
      record={{ id: userId }}
      reference="person-donations"
      target="user_id"
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10]} />}
      empty={<Alert severity="info">{translate(L('empty'))}</Alert>}
    >
      <DataTable bulkActionButtons={false} rowClick={false} data-testid="person-donations">
        <DataTable.Col
          source="created_at"
          label={L('date')}
          disableSort
          render={(d: SchemaTeamDonation) => fmtDateTime(d.paid_at ?? d.created_at, tz)}
        />
        <DataTable.Col
          source="amount"
          label={L('amount')}
          disableSort
          render={(d: SchemaTeamDonation) => money(d.amount)}
        />
        <DataTable.Col
          source="kind"
          label={L('kind')}
          disableSort
          render={(d: SchemaTeamDonation) => translate(`atrium.payments.staff.kinds.${d.kind}`)}
        />
        <DataTable.Col
          source="status"
          label={L('status')}
          disableSort
          render={(d: SchemaTeamDonation) => translate(`atrium.payments.staff.states.${d.status}`)}
        />
        <DataTable.Col source="payment_method" label={L('method')} disableSort />
      </DataTable>
    </ReferenceManyField>
  );
}
