import { useState } from 'react';
import { Box, Card, Chip, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TableSortLabel, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useGetList, useTranslate } from 'react-admin';
import type { SchemaTicket, SchemaTicketStatus, SchemaTicketType } from '../../../api/schema';
import { ticketChoices } from '../../providers/data/tickets';
import { MemberPage } from '../../member/common/MemberPage';
import { useViewAs } from '../view-as/useViewAs';
import { ViewAsBanner } from '../view-as/ViewAsBanner';
import { TicketDialog } from './TicketDialog';

const COLORS: Record<string, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  new: 'info', in_progress: 'primary', completed: 'success', paid: 'success', canceled: 'default', rejected: 'error',
};

/** /staff/tickets and /staff/tickets/view-as/:pk: filters, paging, sorting; a row opens the ticket. */
export default function TicketsPage() {
  const translate = useTranslate();
  const viewAs = useViewAs('/staff/tickets');
  const [status, setStatus] = useState<SchemaTicketStatus | ''>('');
  const [type, setType] = useState<SchemaTicketType | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [asc, setAsc] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const choices = useQuery({ queryKey: ['tickets', 'choices'], queryFn: () => ticketChoices('staff'), staleTime: 10 * 60_000 });
  const label = (list: { value: string; label: string }[] | undefined, v: string) => list?.find((c) => c.value === v)?.label ?? v;
  const labels = { status: (s: string) => label(choices.data?.statuses, s), type: (s: string) => label(choices.data?.types, s) };
  const { data, total, isPending } = useGetList<SchemaTicket>('tickets', {
    pagination: { page: page + 1, perPage },
    sort: { field: 'created_at', order: asc ? 'ASC' : 'DESC' },
    filter: { status, type, q, user_id: viewAs.userId },
  });
  return (
    <MemberPage title={translate('atrium.staff.tickets.title')}>
      <ViewAsBanner viewAs={viewAs} />
      <Card variant="outlined">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ p: 2 }}>
          <TextField size="small" label={translate('atrium.staff.tickets.search')} value={q} onChange={(e) => { setQ(e.target.value); setPage(0); }} />
          <TextField select size="small" sx={{ minWidth: 170 }} label={translate('atrium.staff.tickets.fields.status')} value={status} onChange={(e) => { setStatus(e.target.value as SchemaTicketStatus); setPage(0); }}>
            <MenuItem value="">{translate('atrium.staff.tickets.all_statuses')}</MenuItem>
            {choices.data?.statuses.map((s) => <MenuItem key={s.value} value={s.value}>{s.label}</MenuItem>)}
          </TextField>
          <TextField select size="small" sx={{ minWidth: 170 }} label={translate('atrium.staff.tickets.fields.type')} value={type} onChange={(e) => { setType(e.target.value as SchemaTicketType); setPage(0); }}>
            <MenuItem value="">{translate('atrium.staff.tickets.all_types')}</MenuItem>
            {choices.data?.types.map((s) => <MenuItem key={s.value} value={s.value}>{s.label}</MenuItem>)}
          </TextField>
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('atrium.staff.tickets.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('atrium.staff.tickets.fields.id')}</TableCell>
                <TableCell>{translate('atrium.staff.tickets.fields.subject')}</TableCell>
                <TableCell>{translate('atrium.staff.tickets.fields.user')}</TableCell>
                <TableCell>{translate('atrium.staff.tickets.fields.status')}</TableCell>
                <TableCell>{translate('atrium.staff.tickets.fields.consultant')}</TableCell>
                <TableCell>
                  <TableSortLabel active direction={asc ? 'asc' : 'desc'} onClick={() => setAsc((a) => !a)}>
                    {translate('atrium.staff.tickets.fields.created_at')}
                  </TableSortLabel>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.map((t) => (
                <TableRow
                  key={t.id}
                  hover
                  tabIndex={0}
                  sx={{ cursor: 'pointer' }}
                  data-testid={`ticket-row-${t.id}`}
                  onClick={() => setOpenId(t.id)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setOpenId(t.id)}
                >
                  <TableCell>{t.id}</TableCell>
                  <TableCell>{t.subject}<Typography variant="caption" display="block" color="text.secondary">{labels.type(t.type)}</Typography></TableCell>
                  <TableCell>{t.user.first_name} {t.user.last_name}</TableCell>
                  <TableCell><Chip size="small" color={COLORS[t.status]} label={labels.status(t.status)} /></TableCell>
                  <TableCell>{t.consultant ? `${t.consultant.first_name} ${t.consultant.last_name}` : '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(t.created_at).format('DD/MM/YYYY HH:mm')}</TableCell>
                </TableRow>
              ))}
              {!isPending && !data?.length && (
                <TableRow>
                  <TableCell colSpan={6}><Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>{translate('atrium.staff.tickets.empty')}</Typography></TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
        <TablePagination
          component="div"
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          count={total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(0); }}
        />
      </Card>
      {openId !== null && <TicketDialog id={openId} onClose={() => setOpenId(null)} labels={labels} />}
    </MemberPage>
  );
}
