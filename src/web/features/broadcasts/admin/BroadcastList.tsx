import { BooleanField, BooleanInput, DataTable, SearchInput, SelectField } from 'react-admin';
import { List } from '../../../common/List';
import type { SchemaBroadcastAdmin } from '../../../../api/schema';
import { InstantField } from '../../../common/fields';
import { ResponsiveTable } from '../../../common/ResponsiveTable';
import { AUDIENCE_CHOICES } from '../audience';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="upcoming" source="upcoming" label="atrium.broadcasts.admin.upcoming_filter" />,
];

export function BroadcastList() {
  return (
    <List filters={filters} sort={{ field: 'starts_at', order: 'DESC' }} perPage={25}>
      <ResponsiveTable<SchemaBroadcastAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="title" label="atrium.broadcasts.admin.fields.title" />
            <DataTable.Col source="starts_at" label="atrium.broadcasts.admin.fields.starts_at">
              <InstantField source="starts_at" />
            </DataTable.Col>
            <DataTable.Col source="audience" label="atrium.broadcasts.admin.fields.audience" disableSort>
              <SelectField source="audience" choices={AUDIENCE_CHOICES} />
            </DataTable.Col>
            <DataTable.Col source="is_published" label="atrium.broadcasts.admin.fields.is_published" disableSort>
              <BooleanField source="is_published" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.title}
        secondary={() => <InstantField source="starts_at" />}
        tertiary={() => <SelectField source="audience" choices={AUDIENCE_CHOICES} />}
      />
    </List>
  );
}
