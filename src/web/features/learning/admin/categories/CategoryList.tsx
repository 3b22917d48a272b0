import { DataTable, NumberField, SearchInput } from 'react-admin';
import { List } from '../../../../common/List';
import { ResponsiveTable } from '../../../../common/ResponsiveTable';
import { InstantField, ThumbField } from '../../../../common/fields';
import type { SchemaLessonCategoryAdmin } from '../../../../../api/schema';

export function CategoryList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'order', order: 'ASC' }} perPage={25}>
      <ResponsiveTable<SchemaLessonCategoryAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="image" label="atrium.admin.lesson_categories.fields.image" disableSort>
              <ThumbField source="image" />
            </DataTable.Col>
            <DataTable.Col source="title" label="atrium.admin.lesson_categories.fields.title" />
            <DataTable.Col source="order" label="atrium.admin.lesson_categories.fields.order">
              <NumberField source="order" />
            </DataTable.Col>
            <DataTable.Col
              source="lessons_count"
              label="atrium.admin.lesson_categories.fields.lessons_count"
              disableSort
            >
              <NumberField source="lessons_count" />
            </DataTable.Col>
            <DataTable.Col source="updated_at" label="atrium.admin.lesson_categories.fields.updated_at">
              <InstantField source="updated_at" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.title}
        secondary={(r) => `${r.lessons_count}`}
      />
    </List>
  );
}
