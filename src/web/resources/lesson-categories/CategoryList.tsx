import { DataTable, List, NumberField, NumberInput, SearchInput, SimpleForm, TextInput, required } from 'react-admin';
import { InstantField, ThumbField } from '../common/fields';
import { ContentCreate, ContentEdit } from '../common/forms';
import { UploadInput } from '../common/UploadInput';

export function CategoryList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'order', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="edit">
        <DataTable.Col source="image" label="atrium.content.lesson_categories.fields.image" disableSort>
          <ThumbField source="image" />
        </DataTable.Col>
        <DataTable.Col source="title" label="atrium.content.lesson_categories.fields.title" />
        <DataTable.Col source="order" label="atrium.content.lesson_categories.fields.order">
          <NumberField source="order" />
        </DataTable.Col>
        <DataTable.Col source="lessons_count" label="atrium.content.lesson_categories.fields.lessons_count" disableSort>
          <NumberField source="lessons_count" />
        </DataTable.Col>
        <DataTable.Col source="updated_at" label="atrium.content.lesson_categories.fields.updated_at">
          <InstantField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
