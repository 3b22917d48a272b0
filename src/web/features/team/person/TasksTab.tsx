import { Alert, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import AddTask from '@mui/icons-material/AddTask';
import { DataTable, ListContextProvider, useListController, useTranslate } from 'react-admin';
import { Pagination } from '../../../common/Pagination';
import type { SchemaTask, SchemaUserBrief } from '../../../../api/schema';
import { fmtDateTime, useTimeZone } from '../../../common/format';
import { ErrorBlock } from '../../../common/States';
import { useUrlDialog, useUrlParam } from '../../../common/urlState';
import { TaskCreateDialog } from '../../tasks/public';

type Tab = 'today' | 'future';

/** The planned tasks about the person (today and overdue, or later: `?when=future`), and a new task from here (`?create_task=1`). */
export function TasksTab({ person }: { person: SchemaUserBrief }) {
  const userId = person.id;
  const translate = useTranslate();
  const tz = useTimeZone();
  const [when, setWhen] = useUrlParam('when');
  const tab: Tab = when === 'future' ? 'future' : 'today';
  const creating = useUrlDialog('create_task');
  const list = useListController<SchemaTask>({
    resource: 'tasks',
    filter: { tab, linked_user_id: userId },
    // The contract orders tasks by time only; react-admin's default (id) is refused.
    sort: { field: 'start_at', order: 'ASC' },
    perPage: 10,
    disableSyncWithLocation: true,
    storeKey: false,
  });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={tab}
          onChange={(_e, v: Tab | null) => {
            if (v) setWhen(v === 'today' ? null : v, { replace: true });
          }}
        >
          <ToggleButton value="today">{translate('atrium.person.tasks.today')}</ToggleButton>
          <ToggleButton value="future">{translate('atrium.person.tasks.future')}</ToggleButton>
        </ToggleButtonGroup>
        <Button
          variant="contained"
          startIcon={<AddTask />}
          onClick={() => {
            creating.show();
          }}
        >
          {translate('atrium.person.tasks.create')}
        </Button>
      </Stack>
      {list.error ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ListContextProvider value={list}>
          <DataTable<SchemaTask>
            resource="tasks"
            bulkActionButtons={false}
            rowClick={false}
            empty={<Alert severity="info">{translate('atrium.person.tasks.empty')}</Alert>}
          >
            <DataTable.Col
              source="type"
              label="atrium.tasks.fields.type"
              disableSort
              render={(t: SchemaTask) => translate(`atrium.tasks.types.${t.type}`)}
            />
            <DataTable.Col
              source="start_at"
              label="atrium.tasks.fields.start_at"
              disableSort
              render={(t: SchemaTask) => fmtDateTime(t.start_at, tz)}
            />
            <DataTable.Col source="description" label="atrium.tasks.fields.description" disableSort />
          </DataTable>
          <Pagination rowsPerPageOptions={[10]} />
        </ListContextProvider>
      )}
      {creating.open && <TaskCreateDialog linkedUser={person} onClose={creating.close} />}
    </Stack>
  );
}
