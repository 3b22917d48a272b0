import { BooleanField, DataTable, SearchInput } from 'react-admin';
import { List } from '../../../common/List';
import { InstantField } from '../../../common/fields';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function OutboxList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="created_at" label="atrium.outbox.fields.created_at">
          <InstantField source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="to" label="atrium.outbox.fields.to" />
        <DataTable.Col source="subject" label="atrium.outbox.fields.subject" />
        <DataTable.Col source="delivered" label="atrium.outbox.fields.delivered" disableSort>
          <BooleanField source="delivered" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
