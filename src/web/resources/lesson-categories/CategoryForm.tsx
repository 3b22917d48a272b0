import { NumberInput, SimpleForm, TextInput, required } from 'react-admin';
import { ContentCreate, ContentEdit } from '../common/forms';
import { UploadInput } from '../common/UploadInput';

function CategoryForm() {
  return (
    <SimpleForm sx={{ maxWidth: 800 }}>
      <TextInput source="title" label="atrium.content.lesson_categories.fields.title" validate={required()} fullWidth autoFocus />
      <TextInput source="description" label="atrium.content.lesson_categories.fields.description" multiline minRows={3} fullWidth />
      <UploadInput source="image" label="atrium.content.lesson_categories.fields.image" kind="image" />
      <NumberInput source="order" label="atrium.content.lesson_categories.fields.order" min={0} step={1} helperText="atrium.content.order_help" />
    </SimpleForm>
  );
}

export function CategoryCreate() {
  return (
    <ContentCreate record={{ order: 0 }}>
      <CategoryForm />
    </ContentCreate>
  );
}

export function CategoryEdit() {
  return (
    <ContentEdit>
      <CategoryForm />
    </ContentEdit>
  );
}
