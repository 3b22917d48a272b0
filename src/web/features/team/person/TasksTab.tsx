import { useState } from 'react';
import { Alert, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import AddTask from '@mui/icons-material/AddTask';
import { DataTable, ListContextProvider, Pagination, useListController, useTranslate } from 'react-admin';
import type { SchemaTask, SchemaUserBrief } from '../../../../api/schema';
import { fmtDateTime, useTimeZone } from '../../../common/format';
import { ErrorBlock } from '../../../common/States';
import { TaskCreateDialog } from '../../tasks/public';

type Tab = 'today' | 'future';

/** The planned tasks about the person (today and overdue, or later), and a new task from here. */
export function TasksTab({ person }: { person: SchemaUserBrief }) {
  const userId = person.id;
  const translate = useTranslate();
  const tz = useTimeZone();
  const [tab, setTab] = useState<Tab>('today');
  const [creating, setCreating] = useState(false);
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
            if (v) setTab(v);
          }}
        >
          <ToggleButton value="today">{translate('atrium.person.tasks.today')}</ToggleButton>
          <ToggleButton value="future">{translate('atrium.person.tasks.future')}</ToggleButton>
        </ToggleButtonGroup>
        <Button
          variant="contained"
          startIcon={<AddTask />}
          onClick={() => {
            setCreating(true);
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
      {creating && (
        <TaskCreateDialog
          linkedUser={person}
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
    </Stack>
  );
}
