import { useEffect, useState } from 'react';
import { BULK_TABLE_FITS } from '../../common/tableFits';
import { Alert, Button, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  DataTable,
  SearchInput,
  SelectInput,
  useCanAccess,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../../common/List';
import type { SchemaLeadRoutingState, SchemaWaitingUser } from '../../../api/schema';
import { EmptyBlock } from '../../common/States';
import { ListError, ListPagination } from '../../common/ListError';
import { PhoneField } from '../../common/PhoneField';
import { fmtDateTime, useTimeZone } from '../../common/format';
import { QueueActions, RejectButton, TakeButton } from './QueueActions';
import { WAITING_LEADS_LIST } from './reads';

const W = (key: string) => `atrium.leads.${key}`;
const F = (key: string) => W(`fields.${key}`);

const SOURCES = ['landing', 'registration', 'import', 'staff'] as const;
const QUEUE = ['new', 'offered', 'returned'] as const;
const QUEUE_COLOR = { new: 'info', offered: 'warning', returned: 'default' } as const;

function Empty() {
  const translate = useTranslate();
  return <EmptyBlock text={`${translate(W('empty'))} ${translate(W('empty_hint'))}`} />;
}

/** Where the lead came from: the funnel's name for a landing sign-up, else how it came. */
export function SourceText({ lead }: { lead: SchemaWaitingUser }) {
  const translate = useTranslate();
  if (lead.source) return <>{lead.source}</>;
  return <>{lead.source_kind ? translate(W(`sources.${lead.source_kind}`)) : '—'}</>;
}

/** New, offered to a consultant now, or given back. */
export function QueueChip({ lead }: { lead: SchemaWaitingUser }) {
  const translate = useTranslate();
  return (
    <Chip size="small" color={QUEUE_COLOR[lead.queue_status]} label={translate(W(`queue.${lead.queue_status}`))} />
  );
}

/** The time now, moved on each minute (ages stay right while the queue is open). */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 60_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

/** How long the lead waits ("25 min", "3 h", "2 d"), the instant it started on hover. */
export function Age({ since }: { since: string }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const now = useMinuteClock();
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  const text =
    minutes < 60
      ? translate(W('age.minutes'), { n: minutes })
      : minutes < 48 * 60
        ? translate(W('age.hours'), { n: Math.floor(minutes / 60) })
        : translate(W('age.days'), { n: Math.floor(minutes / 1440) });
  return (
    <Tooltip title={fmtDateTime(since, tz)}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
    </Tooltip>
  );
}

function AgeCell() {
  const lead = useRecordContext<SchemaWaitingUser>();
  return lead ? <Age since={lead.waiting_since ?? lead.date_joined} /> : null;
}

/** The lead's name, their city under it. */
function NameCell() {
  const lead = useRecordContext<SchemaWaitingUser>();
  if (!lead) return null;
  return (
    <Stack spacing={0.25}>
      <span>{`${lead.first_name} ${lead.last_name}`.trim()}</span>
      {lead.city && (
        <Typography variant="caption" color="text.secondary">
          {lead.city}
        </Typography>
      )}
    </Stack>
  );
}

/** The lead's email and phone, one under the other. */
function ContactCell() {
  const lead = useRecordContext<SchemaWaitingUser>();
  if (!lead) return null;
  return (
    <Stack spacing={0.25}>
      {lead.email && <span>{lead.email}</span>}
      {lead.phone && <PhoneField source="phone" />}
      {!lead.email && !lead.phone && '—'}
    </Stack>
  );
}

function RowActions() {
  const lead = useRecordContext<SchemaWaitingUser>();
  return lead ? <QueueActions ids={[lead.id]} /> : null;
}

/** Take to work / Reject for the selected leads; the selection is cleared after. */
function BulkActions() {
  const { selectedIds, onUnselectItems } = useListContext<SchemaWaitingUser>();
  const ids = selectedIds.map(Number);
  const clear = () => {
    onUnselectItems();
  };
  return (
    <>
      <TakeButton ids={ids} onDone={clear} />
      <RejectButton ids={ids} onDone={clear} />
    </>
  );
}

/**
 * Why no waiting lead is offered to anyone, when none is: no consultant has work times (a fresh
 * install) or none is on shift now. Before, only the work-times dialog said so (#40 finding 17). An
 * admin gets the way to the consultants' work times.
 */
function RoutingNotice() {
  const translate = useTranslate();
  const list = useListContext<SchemaWaitingUser>();
  const { canAccess: isAdmin = false } = useCanAccess({ action: 'list', resource: 'admin-tools' });
  // The adapter's meta of the page (team/structure/data.ts): react-admin types it as any.
  const routing = (list.meta as { routing?: SchemaLeadRoutingState } | undefined)?.routing;
  if (!routing || routing.consultants_available_now > 0) return null;
  const why = routing.consultants_with_work_times ? 'nobody_now' : 'no_work_times';
  return (
    <Alert severity="warning" data-testid="routing-notice" sx={{ m: 1 }}>
      {translate(W(`routing.${why}`))}
      {isAdmin && (
        <Button
          component={Link}
          to="/staff/list"
          size="small"
          variant="outlined"
          sx={{ display: 'flex', mt: 1, width: 'fit-content' }}
        >
          {translate(W('routing.set_work_times'))}
        </Button>
      )}
    </Alert>
  );
}

/**
 * Team › Waiting leads: the leads as a work queue, longest waiting first. Staff see the whole pool and take or reject
 * leads (one by one or in bulk); a lead opens as its brief. A member sees the leads of their own
 * structure, which open as their person page. Filters and paging are kept per browser under the store key.
 */
export function WaitingLeadsList() {
  const translate = useTranslate();
  const { canAccess: staff = false } = useCanAccess({ action: 'edit', resource: 'staff-tools' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="source"
      source="source"
      label={F('source')}
      alwaysOn
      choices={SOURCES.map((id) => ({ id, name: translate(W(`sources.${id}`)) }))}
    />,
    <SelectInput
      key="queue_status"
      source="queue_status"
      label={F('status')}
      alwaysOn
      choices={QUEUE.map((id) => ({ id, name: translate(W(`queue.${id}`)) }))}
    />,
  ];
  return (
    <List
      {...WAITING_LEADS_LIST}
      filters={filters}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
      error={<ListError />}
      title={false}
      sx={BULK_TABLE_FITS}
    >
      <RoutingNotice />
      <DataTable
        bulkActionButtons={staff ? <BulkActions /> : false}
        rowClick={staff ? 'show' : (id) => `/user/view-details/${String(id)}`}
        empty={<Empty />}
      >
        <DataTable.Col source="first_name" label={F('name')}>
          <NameCell />
        </DataTable.Col>
        <DataTable.Col
          source="queue_status"
          label={F('status')}
          disableSort
          render={(r: SchemaWaitingUser) => <QueueChip lead={r} />}
        />
        <DataTable.Col
          source="source"
          label={F('source')}
          disableSort
          render={(r: SchemaWaitingUser) => <SourceText lead={r} />}
        />
        <DataTable.Col source="waiting_since" label={F('age')}>
          <AgeCell />
        </DataTable.Col>
        {staff && (
          <DataTable.Col label={F('actions')} disableSort>
            <RowActions />
          </DataTable.Col>
        )}
        {/* Email and phone in one cell, the city under the name: the table fits a 1366 px screen (#40 finding 14). */}
        <DataTable.Col source="email" label={F('contact')} sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
          <ContactCell />
        </DataTable.Col>
        <DataTable.Col
          source="referrer"
          label={F('referrer')}
          disableSort
          render={(r: SchemaWaitingUser) => (r.referrer ? `${r.referrer.first_name} ${r.referrer.last_name}` : '—')}
        />
      </DataTable>
    </List>
  );
}
