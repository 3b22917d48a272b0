import { Alert } from '@mui/material';
import { DataTable, ListContextProvider, useListController, useTranslate } from 'react-admin';
import { Pagination } from '../../../common/Pagination';
import type { SchemaStaffUserDetails, SchemaTicket } from '../../../../api/schema';
import { fmtDateTime, useTimeZone } from '../../../common/format';
import { ErrorBlock } from '../../../common/States';
import { useUrlParam } from '../../../common/urlState';
import { useTicketChoices } from '../../tickets/hooks';
import { TicketDialog, type TicketLabels } from '../../tickets/public';

/** The person's tickets: the staff ticket list filtered by the person's id; a row opens the ticket as the staff list does (`?ticket=<id>`). */
export function TicketsTab({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const choices = useTicketChoices('staff');
  const [ticket, setOpenId] = useUrlParam('ticket');
  const openId = Number(ticket) || null;
  const statusLabel = (s: string) => choices.data?.statuses.find((c) => c.value === s)?.label ?? s;
  const labels: TicketLabels = {
    status: statusLabel,
    type: (s) => choices.data?.types.find((c) => c.value === s)?.label ?? s,
  };
  const list = useListController<SchemaTicket>({
    resource: 'tickets',
    filter: { member_id: person.id },
    perPage: 10,
    disableSyncWithLocation: true,
    storeKey: false,
  });
  if (list.error) return <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <ListContextProvider value={list}>
      <DataTable<SchemaTicket>
        resource="tickets"
        bulkActionButtons={false}
        rowClick={(id) => {
          setOpenId(String(id));
          return false;
        }}
        empty={<Alert severity="info">{translate('atrium.person.tickets.empty')}</Alert>}
      >
        <DataTable.Col source="id" label="atrium.tickets.fields.id" disableSort />
        <DataTable.Col source="subject" label="atrium.person.tickets.subject" disableSort />
        <DataTable.Col
          source="status"
          label="atrium.person.tickets.status"
          disableSort
          render={(t: SchemaTicket) => statusLabel(t.status)}
        />
        <DataTable.Col
          source="created_at"
          label="atrium.person.tickets.created"
          disableSort
          render={(t: SchemaTicket) => fmtDateTime(t.created_at, tz)}
        />
      </DataTable>
      <Pagination rowsPerPageOptions={[10]} />
      {openId !== null && (
        <TicketDialog
          id={openId}
          onClose={() => {
            setOpenId(null);
          }}
          labels={labels}
        />
      )}
    </ListContextProvider>
  );
}
