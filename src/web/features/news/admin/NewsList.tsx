import { BooleanField, DataTable, NullableBooleanInput, SearchInput } from 'react-admin';
import { List } from '../../../common/List';
import { ResponsiveTable } from '../../../common/ResponsiveTable';
import { InstantField, ThumbField } from '../../../common/fields';
import type { SchemaNewsAdmin } from '../../../../api/schema';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="is_important" source="is_important" label="atrium.admin.news.fields.is_important" />,
];

export function NewsList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <ResponsiveTable<SchemaNewsAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="image" label="atrium.admin.news.fields.image" disableSort>
              <ThumbField source="image" />
            </DataTable.Col>
            <DataTable.Col source="title" label="atrium.admin.news.fields.title" />
            <DataTable.Col source="is_important" label="atrium.admin.news.fields.is_important">
              <BooleanField source="is_important" />
            </DataTable.Col>
            <DataTable.Col source="published_at" label="atrium.admin.news.fields.published_at">
              <InstantField source="published_at" emptyText="atrium.admin.news.draft" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.title}
        secondary={() => <InstantField source="published_at" emptyText="atrium.admin.news.draft" />}
      />
    </List>
  );
}
