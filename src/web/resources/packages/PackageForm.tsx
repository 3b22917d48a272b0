import { AutocompleteArrayInput, BooleanInput, ReferenceArrayInput, SimpleForm, TextInput, required } from 'react-admin';
import { ContentCreate, ContentEdit } from '../common/forms';

function PackageForm() {
  return (
    <SimpleForm sx={{ maxWidth: 800 }}>
      <TextInput source="name" label="atrium.content.packages.fields.name" validate={required()} fullWidth autoFocus />
      <TextInput source="description" label="atrium.content.packages.fields.description" multiline minRows={3} fullWidth />
      <ReferenceArrayInput source="category_ids" reference="admin/lesson-categories" sort={{ field: 'order', order: 'ASC' }} perPage={200}>
        <AutocompleteArrayInput label="atrium.content.packages.fields.category_ids" optionText="title" fullWidth helperText="atrium.content.packages.categories_help" />
      </ReferenceArrayInput>
      <BooleanInput source="is_active" label="atrium.content.packages.fields.is_active" />
    </SimpleForm>
  );
}

export function PackageCreate() {
  return (
    <ContentCreate record={{ is_active: true, category_ids: [] }}>
      <PackageForm />
    </ContentCreate>
  );
}

export function PackageEdit() {
  return (
    <ContentEdit>
      <PackageForm />
    </ContentEdit>
  );
}
