import { useMemo } from 'react';
import { Badge, Chip, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import {
  DataTable,
  ListBase,
  Loading,
  SearchInput,
  SelectInput,
  useGetList,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { SchemaTicket, SchemaTicketStatus } from '../../../api/schema';
import type { TicketFilter } from './data';
import { useTicketChoices } from './hooks';
import { MemberPage } from '../../common/MemberPage';
import { InstantField } from '../../common/fields';
import { SharedFilterListView, useFilterField } from '../../common/SharedFilterForm';
import { useUrlParam } from '../../common/urlState';
import { StaffSwitch, useViewAs, ViewAsBanner, ViewAsRefused } from '../staff/public';
import { TicketDialog } from './TicketDialog';
import { STATUS_COLORS } from './statusColors';

const STATUSES: SchemaTicketStatus[] = ['new', 'in_progress', 'completed', 'paid', 'canceled', 'rejected'];
type TabValue = SchemaTicketStatus | 'all';

export type TicketLabels = { status: (s: string) => string; type: (s: string) => string };

/** How many tickets a tab holds: the list's other filters with the tab's status (as react-admin's OrderList counts). */
function TabLabel({ label, status, userId }: { label: string; status?: SchemaTicketStatus; userId?: number }) {
  const filterValues = useListContext<SchemaTicket>().filterValues as TicketFilter;
  const filter: TicketFilter = { ...filterValues, status, user_id: userId };
  const { total } = useGetList<SchemaTicket>('tickets', {
    filter,
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  return (
    <Badge
      color="primary"
      badgeContent={total ?? 0}
      max={999}
      showZero={false}
      // Room for the count beside the label: a tab hides what leaves its box.
      sx={{ mr: 1.5, '& .MuiBadge-badge': { right: -12 } }}
    >
      {label}
    </Badge>
  );
}

/**
 * "All" and one tab per status: the `status` field of the list's one filter form (see TicketsPage), so
 * a pick goes out with the search typed just before it, in one submit.
 */
function StatusTabs({ labels, userId }: { labels: TicketLabels; userId?: number }) {
  const translate = useTranslate();
  const [status, setStatus] = useFilterField<SchemaTicketStatus>('status');
  const current: TabValue = status && STATUSES.includes(status) ? status : 'all';
  return (
    <Tabs
      value={current}
      onChange={(_e, tab: TabValue) => {
        setStatus(tab === 'all' ? null : tab);
      }}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      <Tab
        value="all"
        data-testid="tab-all"
        label={<TabLabel label={translate('atrium.tickets.all_statuses')} userId={userId} />}
      />
      {STATUSES.map((s) => (
        <Tab
          key={s}
          value={s}
          data-testid={`tab-${s}`}
          label={<TabLabel label={labels.status(s)} status={s} userId={userId} />}
        />
      ))}
    </Tabs>
  );
}

/** The subject opens the ticket from the keyboard too; a click anywhere on the row does the same. */
function SubjectField({ labels, onOpen }: { labels: TicketLabels; onOpen: (id: number) => void }) {
  const t = useRecordContext<SchemaTicket>();
  if (!t) return null;
  return (
    <>
      <Link
        component="button"
        type="button"
        underline="hover"
        color="inherit"
        sx={{ textAlign: 'left' }}
        onClick={(e) => {
          e.stopPropagation();
          onOpen(t.id);
        }}
      >
        {t.subject}
      </Link>
      <Typography variant="caption" display="block" color="text.secondary">
        {labels.type(t.type)}
      </Typography>
    </>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Stack sx={{ py: 3, alignItems: 'center', color: 'text.secondary' }}>{translate('atrium.tickets.empty')}</Stack>
  );
}

/** /staff/tickets and /staff/tickets/view-as/:pk: status tabs with counts, search and type filters, sort, paging; a row opens the ticket (`?ticket=<id>`, so Back closes it and a link opens it). */
export default function TicketsPage() {
  const translate = useTranslate();
  const viewAs = useViewAs('/staff/tickets');
  const [ticket, setOpenId] = useUrlParam('ticket');
  const openId = Number(ticket) || null;
  const choices = useTicketChoices('staff');
  const labels = useMemo<TicketLabels>(() => {
    const label = (list: { value: string; label: string }[] | undefined, v: string) =>
      // No raw status while the labels load; the raw value only if they cannot be had.
      list?.find((c) => c.value === v)?.label ?? (choices.isPending ? '' : v);
    return { status: (s) => label(choices.data?.statuses, s), type: (s) => label(choices.data?.types, s) };
  }, [choices.data, choices.isPending]);
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      <SelectInput
        key="type"
        source="type"
        label="atrium.tickets.fields.type"
        choices={choices.data?.types ?? []}
        optionValue="value"
        optionText="label"
        translateChoice={false}
        emptyText="atrium.tickets.all_types"
        isPending={choices.isPending}
        alwaysOn
      />,
    ],
    [choices.data, choices.isPending],
  );
  if (viewAs.refused) return <ViewAsRefused title={translate('atrium.tickets.title')} viewAs={viewAs} />;
  return (
    <MemberPage
      title={translate('atrium.tickets.title')}
      // The way to an employee's tickets (view-as), as on the tasks and statistics pages.
      actions={<StaffSwitch pathOf={viewAs.pathOf} />}
    >
      <ViewAsBanner viewAs={viewAs} />
      {/*
       * The search, the type and the status tab are fields of one filter form (SharedFilterForm) around the list, so a
       * tab picked right after typing (or typing right after a pick) goes out in one submit with every
       * field's current value: the last action wins (see common/SharedFilterForm).
       */}
      <ListBase<SchemaTicket>
        resource="tickets"
        filter={viewAs.userId === undefined ? undefined : { user_id: viewAs.userId }}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        authLoading={<Loading />}
        offline={false}
      >
        <SharedFilterListView filters={filters}>
          <StatusTabs labels={labels} userId={viewAs.userId} />
          <DataTable<SchemaTicket>
            bulkActionButtons={false}
            rowClick={(id) => {
              setOpenId(Number(id));
              return false;
            }}
            empty={<Empty />}
            aria-label={translate('atrium.tickets.title')}
            sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
          >
            <DataTable.Col source="id" label="atrium.tickets.fields.id" disableSort />
            <DataTable.Col source="subject" label="atrium.tickets.fields.subject" disableSort>
              <SubjectField labels={labels} onOpen={setOpenId} />
            </DataTable.Col>
            <DataTable.Col
              source="user"
              label="atrium.tickets.fields.user"
              disableSort
              render={(t: SchemaTicket) => `${t.user.first_name} ${t.user.last_name}`}
            />
            <DataTable.Col
              source="status"
              label="atrium.tickets.fields.status"
              disableSort
              render={(t: SchemaTicket) => (
                <Chip size="small" color={STATUS_COLORS[t.status]} label={labels.status(t.status)} />
              )}
            />
            <DataTable.Col
              source="consultant"
              label="atrium.tickets.fields.consultant"
              disableSort
              render={(t: SchemaTicket) =>
                t.consultant ? `${t.consultant.first_name} ${t.consultant.last_name}` : '—'
              }
            />
            <DataTable.Col source="created_at" label="atrium.tickets.fields.created_at">
              <InstantField source="created_at" />
            </DataTable.Col>
          </DataTable>
        </SharedFilterListView>
      </ListBase>
      {openId !== null && (
        <TicketDialog
          id={openId}
          onClose={() => {
            setOpenId(null);
          }}
          labels={labels}
        />
      )}
    </MemberPage>
  );
}
