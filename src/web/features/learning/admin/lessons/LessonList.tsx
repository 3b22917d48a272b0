import AttachFile from '@mui/icons-material/AttachFile';
import { Link } from 'react-router-dom';
import {
  BooleanField,
  Button,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  NullableBooleanInput,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { List } from '../../../../common/List';
import { ResponsiveTable } from '../../../../common/ResponsiveTable';
import { InstantField, ThumbField } from '../../../../common/fields';
import type { SchemaLessonAdmin } from '../../../../../api/schema';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="category_id"
    source="category_id"
    reference="admin/lesson-categories"
    sort={{ field: 'order', order: 'ASC' }}
    perPage={200}
    alwaysOn
  >
    <SelectInput label="atrium.admin.lessons.fields.category_id" optionText="title" />
  </ReferenceInput>,
  <NullableBooleanInput key="is_free" source="is_free" label="atrium.admin.lessons.fields.is_free" />,
  <NullableBooleanInput key="is_published" source="is_published" label="atrium.admin.lessons.fields.is_published" />,
];

/**
 * react-admin's own actions (the filter button for the filters not always on, Create, Export) and the way
 * in to every lesson's materials in one list: the side menu has no entry for it, and a lesson's form shows
 * only that lesson's.
 */
function Actions() {
  return (
    <TopToolbar>
      <Button component={Link} to="/admin/lesson-materials" label="atrium.admin.lessons.all_materials">
        <AttachFile />
      </Button>
      <FilterButton />
      <CreateButton />
      <ExportButton />
    </TopToolbar>
  );
}

export function LessonList() {
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <ResponsiveTable<SchemaLessonAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="preview" label="atrium.admin.lessons.fields.preview" disableSort>
              <ThumbField source="preview" />
            </DataTable.Col>
            <DataTable.Col source="title" label="atrium.admin.lessons.fields.title" />
            <DataTable.Col source="category_id" label="atrium.admin.lessons.fields.category_id">
              <ReferenceField source="category_id" reference="admin/lesson-categories" link={false} />
            </DataTable.Col>
            <DataTable.Col source="order" label="atrium.admin.lessons.fields.order">
              <NumberField source="order" />
            </DataTable.Col>
            <DataTable.Col source="is_free" label="atrium.admin.lessons.fields.is_free">
              <BooleanField source="is_free" />
            </DataTable.Col>
            <DataTable.Col source="is_published" label="atrium.admin.lessons.fields.is_published">
              <BooleanField source="is_published" />
            </DataTable.Col>
            <DataTable.Col source="published_at" label="atrium.admin.lessons.fields.published_at">
              <InstantField source="published_at" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.title}
        secondary={() => <ReferenceField source="category_id" reference="admin/lesson-categories" link={false} />}
        tertiary={() => <InstantField source="published_at" />}
      />
    </List>
  );
}
