import { Typography } from '@mui/material';
import { DataTable, DateField, DateInput, FunctionField, List, NumberInput, TextInput, Title, useTranslate } from 'react-admin';
import type { SchemaActionLog, SchemaUserBrief } from '../../../api/schema';

const filters = [
  <NumberInput key="actor_id" source="actor_id" label="atrium.admin.logs.actor_id" alwaysOn />,
  <NumberInput key="subject_id" source="subject_id" label="atrium.admin.logs.subject_id" />,
  <TextInput key="kind" source="kind" label="atrium.admin.logs.kind" />,
  <DateInput key="date_from" source="date_from" label="atrium.admin.logs.date_from" alwaysOn />,
  <DateInput key="date_to" source="date_to" label="atrium.admin.logs.date_to" alwaysOn />,
];

const name = (u: SchemaUserBrief | null | undefined) => (u ? `${u.first_name} ${u.last_name}`.trim() : '—');

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {translate('atrium.admin.logs.empty')}
    </Typography>
  );
}

/** The actions history: each entry as the server translated it, with actor, subject and view-as. */
export default function ActionLogsPage() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('atrium.admin.logs.title')} />
      <List resource="action-logs" filters={filters} perPage={25} sort={{ field: 'created_at', order: 'DESC' }} empty={<Empty />} disableSyncWithLocation={false} title=" ">
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="created_at" label="atrium.admin.logs.when" disableSort>
            <DateField source="created_at" showTime />
          </DataTable.Col>
          <DataTable.Col label="atrium.admin.logs.actor">
            <FunctionField<SchemaActionLog> render={(r) => name(r.actor)} />
          </DataTable.Col>
          <DataTable.Col label="atrium.admin.logs.subject">
            <FunctionField<SchemaActionLog> render={(r) => name(r.subject)} />
          </DataTable.Col>
          <DataTable.Col label="atrium.admin.logs.view_as">
            <FunctionField<SchemaActionLog> render={(r) => name(r.view_as)} />
          </DataTable.Col>
          <DataTable.Col source="description" label="atrium.admin.logs.what" disableSort />
        </DataTable>
      </List>
    </>
  );
}
