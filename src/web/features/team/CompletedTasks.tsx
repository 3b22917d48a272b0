import { Alert, Card, CardContent } from '@mui/material';
import { DataTable, ReferenceManyField, useTranslate } from 'react-admin';
import { Pagination } from '../../common/Pagination';
import type { SchemaTeamCompletedTask } from '../../../api/schema';
import { fmtDateTime, useTimeZone } from '../../common/format';
import { Section } from '../../common/MemberPage';

const F = (key: string) => `atrium.team.details.fields.${key}`;

/** The completed tasks (meet, call, message) consultants had with the user, newest first. */
export function CompletedTasks({ userId }: { userId: number }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  return (
    <Card variant="outlined">
      <CardContent>
        <Section title={translate('atrium.team.details.tasks')}>
          <ReferenceManyField
            record={{ id: userId }}
            reference="team-completed-tasks"
            target="user_id"
            perPage={10}
            pagination={<Pagination rowsPerPageOptions={[10]} />}
            empty={<Alert severity="info">{translate('atrium.team.details.no_tasks')}</Alert>}
          >
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col
                source="type"
                label={F('type')}
                disableSort
                render={(t: SchemaTeamCompletedTask) => translate(`atrium.team.details.task_types.${t.type}`)}
              />
              <DataTable.Col source="description" label={F('description')} disableSort />
              <DataTable.Col source="result" label={F('result')} disableSort />
              <DataTable.Col
                source="completed_at"
                label={F('completed_at')}
                disableSort
                render={(t: SchemaTeamCompletedTask) => fmtDateTime(t.completed_at, tz)}
              />
              <DataTable.Col
                source="consultant"
                label={F('consultant')}
                disableSort
                render={(t: SchemaTeamCompletedTask) =>
                  t.consultant ? `${t.consultant.first_name} ${t.consultant.last_name}` : '—'
                }
              />
            </DataTable>
          </ReferenceManyField>
        </Section>
      </CardContent>
    </Card>
  );
}
