import { BooleanField, DataTable, NullableBooleanInput, SearchInput } from 'react-admin';
import { List } from '../../../common/List';
import { ResponsiveTable } from '../../../common/ResponsiveTable';
import { InstantField, PriceField, ThumbField } from '../../../common/fields';
import type { SchemaBookAdmin } from '../../../../api/schema';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="is_free" source="is_free" label="atrium.admin.books.fields.is_free" />,
];

export function BookList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <ResponsiveTable<SchemaBookAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="cover" label="atrium.admin.books.fields.cover" disableSort>
              <ThumbField source="cover" ratio="2 / 3" width={40} />
            </DataTable.Col>
            <DataTable.Col source="title" label="atrium.admin.books.fields.title" />
            <DataTable.Col source="author" label="atrium.admin.books.fields.author" />
            <DataTable.Col source="price" label="atrium.admin.books.fields.price">
              <PriceField />
            </DataTable.Col>
            <DataTable.Col source="is_published" label="atrium.admin.books.fields.is_published">
              <BooleanField source="is_published" />
            </DataTable.Col>
            <DataTable.Col source="published_at" label="atrium.admin.books.fields.published_at">
              <InstantField source="published_at" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.title}
        secondary={(r) => r.author}
        tertiary={() => <PriceField />}
      />
    </List>
  );
}
