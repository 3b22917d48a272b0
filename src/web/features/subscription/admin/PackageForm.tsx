import { AutocompleteArrayInput, BooleanInput, ReferenceArrayInput, SimpleForm, TextInput } from 'react-admin';
import { validatorsFor } from '../../../../api/validators';
import { ContentCreate, ContentEdit } from '../../../common/forms';

// One form for create and edit: the create schema's limits (the name is required).
const v = validatorsFor('PackageAdminCreate');

function PackageForm() {
  return (
    <SimpleForm sx={{ maxWidth: 800 }}>
      <TextInput source="name" label="atrium.admin.packages.fields.name" validate={v.name} fullWidth />
      <TextInput
        source="description"
        label="atrium.admin.packages.fields.description"
        multiline
        minRows={3}
        validate={v.description}
        fullWidth
      />
      <ReferenceArrayInput
        source="category_ids"
        reference="admin/lesson-categories"
        sort={{ field: 'order', order: 'ASC' }}
        perPage={200}
      >
        <AutocompleteArrayInput
          label="atrium.admin.packages.fields.category_ids"
          optionText="title"
          validate={v.category_ids}
          fullWidth
          helperText="atrium.admin.packages.categories_help"
        />
      </ReferenceArrayInput>
      <BooleanInput source="is_active" label="atrium.admin.packages.fields.is_active" />
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
