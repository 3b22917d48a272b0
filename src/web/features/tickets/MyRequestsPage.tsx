import { Box, Button, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, SimpleList, useTranslate } from 'react-admin';
import { List } from '../../common/List';
import { Link, useNavigate } from 'react-router-dom';
import type { SchemaMyTicket } from '../../../api/schema';
import { MemberPage } from '../../common/MemberPage';
import { InstantField } from '../../common/fields';
import { ListError, ListPagination } from '../../common/ListError';
import { useAsksSupport, useTicketChoices } from './hooks';
import { STATUS_COLORS } from './statusColors';

function Empty() {
  const translate = useTranslate();
  const support = useAsksSupport();
  return (
    <Stack sx={{ py: 3, alignItems: 'center', color: 'text.secondary' }} data-testid="my-requests-empty">
      {translate(support ? 'atrium.tickets.my.empty_support' : 'atrium.tickets.my.empty')}
    </Stack>
  );
}

/** The last answer of the staff, or a note that nobody answered yet. */
function LastAnswer({ ticket }: { ticket: SchemaMyTicket }) {
  const translate = useTranslate();
  if (!ticket.last_answer)
    return (
      <Typography variant="body2" component="span" color="text.secondary" sx={{ display: 'block' }}>
        {translate('atrium.tickets.my.no_answer')}
      </Typography>
    );
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {ticket.last_answer.message}
    </Typography>
  );
}

const requestPath = (id: unknown) => `/user/new-request/${String(id)}`;

/** The status chip, with a rejected request's reason under it. */
function Status({ ticket, label }: { ticket: SchemaMyTicket; label: string }) {
  const translate = useTranslate();
  return (
    // Spans: on a phone it sits inside the list item's text paragraph.
    <Stack component="span" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        component="span"
        size="small"
        color={STATUS_COLORS[ticket.status]}
        label={label}
        data-testid="my-request-status"
      />
      {ticket.status === 'rejected' && ticket.rejection_reason && (
        <Typography variant="caption" component="span" color="text.secondary">
          {translate('atrium.tickets.my.reason', { reason: ticket.rejection_reason })}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * /support — the member's "My requests": each request with its status as the staff see it (a
 * rejected one with its reason), the staff's last answer and the date; a row opens the conversation.
 * On a phone each request is a list item (subject, status, last answer, date) instead of a table
 * wider than the screen.
 */
export default function MyRequestsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const choices = useTicketChoices('member');
  const status = (s: string) => choices.data?.statuses.find((c) => c.value === s)?.label ?? s;
  return (
    <MemberPage
      title={translate('atrium.tickets.my.title')}
      actions={
        <Button component={Link} to="/user/new-request/new" variant="contained" startIcon={<AddIcon />}>
          {translate('atrium.tickets.my.new')}
        </Button>
      }
    >
      <List<SchemaMyTicket>
        resource="my-tickets"
        title={false}
        actions={false}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        pagination={<ListPagination />}
        empty={false}
        exporter={false}
        error={<ListError />}
        disableSyncWithLocation
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {phone ? (
          <SimpleList<SchemaMyTicket>
            primaryText={(t) => `#${String(t.id)} · ${t.subject}`}
            secondaryText={(t) => (
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                <Status ticket={t} label={status(t.status)} />
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  <LastAnswer ticket={t} />
                </Box>
              </Box>
            )}
            tertiaryText={() => <InstantField source="updated_at" />}
            rowClick={(id) => requestPath(id)}
            empty={<Empty />}
            aria-label={translate('atrium.tickets.my.title')}
            data-testid="my-requests-list"
          />
        ) : (
          <DataTable<SchemaMyTicket>
            bulkActionButtons={false}
            rowClick={(id) => {
              void navigate(requestPath(id));
              return false;
            }}
            empty={<Empty />}
            aria-label={translate('atrium.tickets.my.title')}
            sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
          >
            <DataTable.Col source="id" label="atrium.tickets.fields.id" disableSort />
            <DataTable.Col
              source="subject"
              label="atrium.tickets.my.subject"
              disableSort
              render={(t: SchemaMyTicket) => (
                <Link to={requestPath(t.id)} style={{ color: 'inherit' }}>
                  {t.subject}
                </Link>
              )}
            />
            <DataTable.Col
              source="status"
              label="atrium.tickets.my.status"
              disableSort
              render={(t: SchemaMyTicket) => <Status ticket={t} label={status(t.status)} />}
            />
            <DataTable.Col
              source="last_answer"
              label="atrium.tickets.my.last_answer"
              disableSort
              render={(t: SchemaMyTicket) => <LastAnswer ticket={t} />}
            />
            <DataTable.Col source="updated_at" label="atrium.tickets.my.date" disableSort>
              <InstantField source="updated_at" />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </MemberPage>
  );
}
