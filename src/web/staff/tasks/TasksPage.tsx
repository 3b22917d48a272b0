import { useState } from 'react';
import {
  Badge, Box, Button, Card, Chip, IconButton, MenuItem, Stack, Tab, Table, TableBody, TableCell, TableHead, TablePagination, TableRow,
  TableSortLabel, Tabs, TextField, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ScheduleIcon from '@mui/icons-material/Schedule';
import dayjs from 'dayjs';
import { useGetList, useTranslate } from 'react-admin';
import type { SchemaTask, SchemaTaskTab, SchemaTaskType } from '../../../api/schema';
import type { TaskListMeta } from '../../providers/data/tasks';
import { MemberPage } from '../../member/common/MemberPage';
import { NotificationsBell } from '../notifications/NotificationsBell';
import { useViewAs } from '../view-as/useViewAs';
import { ViewAsBanner } from '../view-as/ViewAsBanner';
import { TaskActionDialog, type TaskAction } from './TaskActionDialog';
import { TaskCreateDialog } from './TaskCreateDialog';

const TABS: SchemaTaskTab[] = ['today', 'future', 'completed', 'canceled'];
const SORT_OF: Record<SchemaTaskTab, string> = { today: 'start_at', future: 'start_at', completed: 'completed_at', canceled: 'canceled_at' };

/** /staff/tasks and /staff/tasks/view-as/:pk: tabs, filters, paging, sorting, and the task actions. */
export default function TasksPage() {
  const translate = useTranslate();
  const viewAs = useViewAs('/staff/tasks');
  const [tab, setTab] = useState<SchemaTaskTab>('today');
  const [type, setType] = useState<SchemaTaskType | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [desc, setDesc] = useState(false);
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ task: SchemaTask; action: TaskAction } | null>(null);
  const sortField = SORT_OF[tab];
  const { data, total, meta, isPending } = useGetList<SchemaTask>('tasks', {
    pagination: { page: page + 1, perPage },
    sort: { field: sortField, order: (tab === 'completed' || tab === 'canceled') !== desc ? 'DESC' : 'ASC' },
    filter: { tab, type, q, user_id: viewAs.userId },
  });
  const counts = (meta as TaskListMeta | undefined)?.tab_counts;
  const time = (iso: string | null | undefined) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '');
  const planned = tab === 'today' || tab === 'future';

  return (
    <MemberPage
      title={translate('atrium.staff.tasks.title')}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {viewAs.userId === undefined && <NotificationsBell />}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexGrow: 1 }}>
            {translate('atrium.staff.tasks.create')}
          </Button>
        </Stack>
      }
    >
      <ViewAsBanner viewAs={viewAs} />
      <Card variant="outlined">
        <Tabs value={tab} onChange={(_e, v) => { setTab(v); setPage(0); }} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((t) => (
            <Tab
              key={t}
              value={t}
              data-testid={`tab-${t}`}
              label={
                <Badge color="primary" badgeContent={counts?.[t] ?? 0} max={999} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
                  {translate(`atrium.staff.tasks.tabs.${t}`)}
                </Badge>
              }
            />
          ))}
        </Tabs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ p: 2 }}>
          <TextField size="small" label={translate('atrium.staff.tasks.search')} value={q} onChange={(e) => { setQ(e.target.value); setPage(0); }} />
          <TextField select size="small" sx={{ minWidth: 160 }} label={translate('atrium.staff.tasks.fields.type')} value={type} onChange={(e) => { setType(e.target.value as SchemaTaskType | ''); setPage(0); }}>
            <MenuItem value="">{translate('atrium.staff.tasks.all_types')}</MenuItem>
            {(['meet', 'call', 'message'] as const).map((v) => (
              <MenuItem key={v} value={v}>{translate(`atrium.staff.tasks.types.${v}`)}</MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('atrium.staff.tasks.title')}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <TableSortLabel active direction={desc ? 'desc' : 'asc'} onClick={() => setDesc((d) => !d)}>
                    {translate(planned ? 'atrium.staff.tasks.fields.start_at' : `atrium.staff.tasks.tabs.${tab}`)}
                  </TableSortLabel>
                </TableCell>
                <TableCell>{translate('atrium.staff.tasks.fields.type')}</TableCell>
                <TableCell>{translate('atrium.staff.tasks.fields.linked_user')}</TableCell>
                <TableCell>{translate('atrium.staff.tasks.fields.description')}</TableCell>
                {!planned && <TableCell>{translate('atrium.staff.tasks.fields.result')}</TableCell>}
                {planned && <TableCell align="right" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.map((task) => (
                <TableRow key={task.id} hover data-testid={`task-${task.id}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {time(planned ? task.start_at : (task.completed_at ?? task.canceled_at))}
                    {task.is_overdue && <Chip size="small" color="warning" label={translate('atrium.staff.tasks.overdue')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{translate(`atrium.staff.tasks.types.${task.type}`)}</TableCell>
                  <TableCell>{task.linked_user ? `${task.linked_user.first_name} ${task.linked_user.last_name}` : '—'}</TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>{task.description}</TableCell>
                  {!planned && <TableCell>{task.result}</TableCell>}
                  {planned && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={translate('atrium.staff.tasks.complete')}>
                        <IconButton aria-label={translate('atrium.staff.tasks.complete')} onClick={() => setActing({ task, action: 'complete' })}><CheckIcon /></IconButton>
                      </Tooltip>
                      <Tooltip title={translate('atrium.staff.tasks.reschedule')}>
                        <IconButton aria-label={translate('atrium.staff.tasks.reschedule')} onClick={() => setActing({ task, action: 'reschedule' })}><ScheduleIcon /></IconButton>
                      </Tooltip>
                      <Tooltip title={translate('atrium.staff.tasks.cancel_task')}>
                        <IconButton aria-label={translate('atrium.staff.tasks.cancel_task')} onClick={() => setActing({ task, action: 'cancel' })}><CloseIcon /></IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {!isPending && !data?.length && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>{translate('atrium.staff.tasks.empty')}</Typography>
                  </TableCell>
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
      <TaskCreateDialog open={creating} onClose={() => setCreating(false)} userId={viewAs.userId} />
      {acting && <TaskActionDialog task={acting.task} action={acting.action} onClose={() => setActing(null)} />}
    </MemberPage>
  );
}
