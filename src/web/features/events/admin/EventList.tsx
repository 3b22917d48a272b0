import { BooleanField, BooleanInput, DataTable, SearchInput, TextField } from 'react-admin';
import { List } from '../../../common/List';
import { ResponsiveTable } from '../../../common/ResponsiveTable';
import { InstantField } from '../../../common/fields';
import type { SchemaEventAdmin } from '../../../../api/schema';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="upcoming" source="upcoming" label="atrium.admin.events.upcoming_filter" />,
];

export function EventList() {
  return (
    <List filters={filters} sort={{ field: 'starts_at', order: 'DESC' }} perPage={25}>
      <ResponsiveTable<SchemaEventAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="title" label="atrium.admin.events.fields.title" />
            <DataTable.Col source="starts_at" label="atrium.admin.events.fields.starts_at">
              <InstantField source="starts_at" />
            </DataTable.Col>
            <DataTable.Col source="place" label="atrium.admin.events.fields.place" disableSort>
              <TextField source="place" emptyText="—" />
            </DataTable.Col>
            <DataTable.Col source="is_published" label="atrium.admin.events.fields.is_published">
              <BooleanField source="is_published" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.title}
        secondary={() => <InstantField source="starts_at" />}
        tertiary={(r) => r.place ?? ''}
      />
    </List>
  );
}
