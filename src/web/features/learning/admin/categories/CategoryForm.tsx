import { NumberInput, SimpleForm, TextInput } from 'react-admin';
import { validatorsFor } from '../../../../../api/validators';
import { ContentCreate, ContentEdit } from '../../../../common/forms';
import { UploadInput } from '../../../../common/UploadInput';

// One form for create and edit: the create schema's limits (the title is required).
const v = validatorsFor('LessonCategoryAdminCreate');

function CategoryForm() {
  return (
    <SimpleForm sx={{ maxWidth: 800 }}>
      <TextInput source="title" label="atrium.admin.lesson_categories.fields.title" validate={v.title} fullWidth />
      <TextInput
        source="description"
        label="atrium.admin.lesson_categories.fields.description"
        multiline
        minRows={3}
        validate={v.description}
        fullWidth
      />
      <UploadInput source="image" label="atrium.admin.lesson_categories.fields.image" kind="image" validate={v.image} />
      <NumberInput
        source="order"
        label="atrium.admin.lesson_categories.fields.order"
        min={0}
        step={1}
        validate={v.order}
        helperText="atrium.admin.order_help"
      />
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
