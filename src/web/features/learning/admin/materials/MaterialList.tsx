import { DataTable, NumberField, ReferenceField, ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { List } from '../../../../common/List';
import { ResponsiveTable } from '../../../../common/ResponsiveTable';
import { MaterialKindField } from './MaterialKindField';
import type { SchemaLessonMaterialAdmin } from '../../../../../api/schema';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="lesson_id" source="lesson_id" reference="admin/lessons" perPage={200} alwaysOn>
    <SelectInput label="atrium.admin.lesson_materials.fields.lesson_id" optionText="title" />
  </ReferenceInput>,
];

export function MaterialList() {
  return (
    <List filters={filters} sort={{ field: 'order', order: 'ASC' }} perPage={25}>
      <ResponsiveTable<SchemaLessonMaterialAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="title" label="atrium.admin.lesson_materials.fields.title" />
            <DataTable.Col source="lesson_id" label="atrium.admin.lesson_materials.fields.lesson_id">
              <ReferenceField source="lesson_id" reference="admin/lessons" link="edit" />
            </DataTable.Col>
            <DataTable.Col label="atrium.admin.lesson_materials.fields.kind" disableSort>
              <MaterialKindField />
            </DataTable.Col>
            <DataTable.Col source="order" label="atrium.admin.lesson_materials.fields.order">
              <NumberField source="order" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.title}
        secondary={() => <MaterialKindField />}
      />
    </List>
  );
}
