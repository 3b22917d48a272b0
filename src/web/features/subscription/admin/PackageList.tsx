import { BooleanField, ChipField, DataTable, ReferenceArrayField, SearchInput, SingleFieldList } from 'react-admin';
import { List } from '../../../common/List';
import { ResponsiveTable } from '../../../common/ResponsiveTable';
import type { SchemaPackageAdmin } from '../../../../api/schema';

export function PackageList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'id', order: 'ASC' }} perPage={25}>
      <ResponsiveTable<SchemaPackageAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="name" label="atrium.admin.packages.fields.name" />
            <DataTable.Col source="is_active" label="atrium.admin.packages.fields.is_active">
              <BooleanField source="is_active" />
            </DataTable.Col>
            <DataTable.Col source="category_ids" label="atrium.admin.packages.fields.category_ids" disableSort>
              <ReferenceArrayField source="category_ids" reference="admin/lesson-categories">
                <SingleFieldList linkType={false}>
                  <ChipField source="title" size="small" />
                </SingleFieldList>
              </ReferenceArrayField>
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.name}
        secondary={(r) => r.description}
      />
    </List>
  );
}
