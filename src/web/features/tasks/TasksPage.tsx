import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Chip, IconButton, Link, Stack, Tab, Tabs, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ScheduleIcon from '@mui/icons-material/Schedule';
import {
  DataTable,
  ListBase,
  SearchInput,
  SelectInput,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { SchemaTask, SchemaTaskTab } from '../../../api/schema';
import type { TaskFilter, TaskListMeta } from './data';
import { SORT_OF, TASKS_LIST } from './reads';
import { MemberPage } from '../../common/MemberPage';
import { InstantField } from '../../common/fields';
import { ZoneNote } from '../../common/ZoneNote';
import { SharedFilterListView, useFilterField } from '../../common/SharedFilterForm';
import { useUrlDialog } from '../../common/urlState';
import { StaffSwitch, useViewAs, ViewAsBanner, ViewAsRefused } from '../staff/public';
import { TaskActionDialog, type TaskAction } from './TaskActionDialog';
import { TaskCreateDialog } from './TaskCreateDialog';
import { TASK_TYPE_CHOICES } from './StartField';

const TABS: SchemaTaskTab[] = ['today', 'future', 'completed', 'canceled'];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="type"
    source="type"
    label="atrium.tasks.fields.type"
    choices={TASK_TYPE_CHOICES}
    emptyText="atrium.tasks.all_types"
    alwaysOn
  />,
];

const tabOf = (filterValues: TaskFilter): SchemaTaskTab =>
  filterValues.tab && TABS.includes(filterValues.tab) ? filterValues.tab : 'today';

/**
 * The tabs: the `tab` field of the list's one filter form (see TasksPage), so a pick goes out with the
 * search typed just before it, in one submit; each tab with its count from the list answer (tab_counts).
 */
function TaskTabs() {
  const translate = useTranslate();
  const list = useListContext<SchemaTask>();
  const [tab, setTab] = useFilterField<SchemaTaskTab>('tab');
  const counts = (list.meta as TaskListMeta | undefined)?.tab_counts;
  return (
    <Tabs
      value={tabOf({ tab })}
      onChange={(_e, picked: SchemaTaskTab) => {
        setTab(picked);
        // The order may be lost to a submit that saw the old one; the data provider then keeps the tab's own.
        list.setSort(SORT_OF[picked]);
      }}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {TABS.map((t) => (
        <Tab
          key={t}
          value={t}
          data-testid={`tab-${t}`}
          label={
            <Badge
              color="primary"
              badgeContent={counts?.[t] ?? 0}
              max={999}
              // Room for the count beside the label: a tab hides what leaves its box.
              sx={{ mr: 1.5, '& .MuiBadge-badge': { right: -12 } }}
            >
              {translate(`atrium.tasks.tabs.${t}`)}
            </Badge>
          }
        />
      ))}
    </Tabs>
  );
}

function WhenField({ planned }: { planned: boolean }) {
  const translate = useTranslate();
  const task = useRecordContext<SchemaTask>();
  if (!task) return null;
  return (
    <>
      <InstantField source={planned ? 'start_at' : task.completed_at ? 'completed_at' : 'canceled_at'} />
      {task.is_overdue && (
        <Chip size="small" color="warning" label={translate('atrium.tasks.overdue')} sx={{ ml: 1 }} />
      )}
    </>
  );
}

function ActionButtons({ onAct }: { onAct: (task: SchemaTask, action: TaskAction) => void }) {
  const translate = useTranslate();
  const task = useRecordContext<SchemaTask>();
  if (!task) return null;
  const button = (action: TaskAction, key: string, icon: ReactNode) => (
    <Tooltip title={translate(key)}>
      <IconButton
        aria-label={translate(key)}
        onClick={() => {
          onAct(task, action);
        }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {button('complete', 'atrium.tasks.complete', <CheckIcon />)}
      {button('reschedule', 'atrium.tasks.reschedule', <ScheduleIcon />)}
      {button('cancel', 'atrium.tasks.cancel_task', <CloseIcon />)}
    </Stack>
  );
}

function Empty() {
  const translate = useTranslate();
  return <Stack sx={{ py: 3, alignItems: 'center', color: 'text.secondary' }}>{translate('atrium.tasks.empty')}</Stack>;
}

/** Who the task is about, opening their page (the row itself has no page of its own). */
function LinkedUser({ task }: { task: SchemaTask }) {
  const user = task.linked_user;
  if (!user) return <>—</>;
  return (
    <Link component={RouterLink} to={`/user/view-details/${String(user.id)}`}>
      {user.first_name} {user.last_name}
    </Link>
  );
}

/** The tasks of the current tab; planned tasks carry their actions, done ones their result. */
function TasksTable({ onAct }: { onAct: (task: SchemaTask, action: TaskAction) => void }) {
  const translate = useTranslate();
  const tab = tabOf(useListContext<SchemaTask>().filterValues as TaskFilter);
  const planned = tab === 'today' || tab === 'future';
  return (
    <DataTable<SchemaTask>
      bulkActionButtons={false}
      rowClick={false}
      empty={<Empty />}
      aria-label={translate('atrium.tasks.title')}
      sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
    >
      <DataTable.Col
        source={SORT_OF[tab].field}
        label={planned ? 'atrium.tasks.fields.start_at' : `atrium.tasks.tabs.${tab}`}
      >
        <WhenField planned={planned} />
      </DataTable.Col>
      <DataTable.Col
        source="type"
        label="atrium.tasks.fields.type"
        disableSort
        render={(t: SchemaTask) => translate(`atrium.tasks.types.${t.type}`)}
      />
      <DataTable.Col
        source="linked_user"
        label="atrium.tasks.fields.linked_user"
        disableSort
        render={(t: SchemaTask) => <LinkedUser task={t} />}
      />
      <DataTable.Col
        source="description"
        label="atrium.tasks.fields.description"
        disableSort
        cellSx={() => ({ maxWidth: 320 })}
      />
      {!planned && <DataTable.Col source="result" label="atrium.tasks.fields.result" disableSort />}
      {planned && (
        <DataTable.Col label="" align="right">
          <ActionButtons onAct={onAct} />
        </DataTable.Col>
      )}
    </DataTable>
  );
}

/** /staff/tasks and /staff/tasks/view-as/:pk: tabs with counts, search and type filters, sort, paging, and the task actions; a new task's dialog opens at `?create=1`. */
export default function TasksPage() {
  const translate = useTranslate();
  const viewAs = useViewAs('/staff/tasks');
  const creating = useUrlDialog('create');
  const [acting, setActing] = useState<{ task: SchemaTask; action: TaskAction } | null>(null);
  if (viewAs.refused) return <ViewAsRefused title={translate('atrium.tasks.title')} viewAs={viewAs} />;
  return (
    <MemberPage
      title={translate('atrium.tasks.title')}
      actions={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {/* The way to an employee's tasks (view-as), as on the statistics page. */}
          <StaffSwitch pathOf={viewAs.pathOf} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              creating.show();
            }}
            // One line beside the view-as picker ("+ НОВАЯ ЗАДАЧА" wrapped in two when squeezed).
            sx={{ flexGrow: 1, flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {translate('atrium.tasks.create')}
          </Button>
        </Stack>
      }
    >
      <ViewAsBanner viewAs={viewAs} />
      {/*
       * The search, the type and the tab are fields of one filter form (SharedFilterForm) around the list, so a tab
       * picked right after typing (or typing right after a pick) goes out in one submit with every
       * field's current value: the last action wins (see common/SharedFilterForm).
       */}
      <ListBase<SchemaTask>
        {...TASKS_LIST}
        // As common/List's: the page is behind the app's and the server's checks already.
        disableAuthentication
        filter={viewAs.userId === undefined ? undefined : { user_id: viewAs.userId }}
        exporter={false}
        offline={false}
      >
        <SharedFilterListView filters={filters}>
          <ZoneNote message="atrium.tasks.zone_note" sx={{ mb: 1 }} />
          <TaskTabs />
          <TasksTable
            onAct={(task, action) => {
              setActing({ task, action });
            }}
          />
        </SharedFilterListView>
      </ListBase>
      {creating.open && <TaskCreateDialog onClose={creating.close} userId={viewAs.userId} />}
      {acting && (
        <TaskActionDialog
          task={acting.task}
          action={acting.action}
          onClose={() => {
            setActing(null);
          }}
        />
      )}
    </MemberPage>
  );
}
