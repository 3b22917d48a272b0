import {
  BooleanInput,
  Create,
  Edit,
  SimpleForm,
  TextInput,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import type { SchemaContactCategory } from '../../../../api/schema';
import { validatorsFor } from '../../../../api/validators';
import { FormToolbar } from '../FormToolbar';

const v = validatorsFor('ContactCategoryRequest');

function CategoryForm() {
  const record = useRecordContext<SchemaContactCategory>();
  return (
    <SimpleForm
      toolbar={
        <FormToolbar
          deleteTitle="atrium.contacts.category_delete_title"
          deleteContent="atrium.contacts.category_delete_content"
          contentOptions={{ count: record?.contacts_count ?? 0 }}
        />
      }
    >
      <TextInput source="name" label="atrium.contacts.category_fields.name" validate={v.name} />
      <BooleanInput
        source="is_particular"
        label="atrium.contacts.category_fields.is_particular"
        helperText="atrium.contacts.category_fields.is_particular_help"
      />
    </SimpleForm>
  );
}

function useBackToList(message: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(message, { type: 'success', messageArgs: { smart_count: 1 } });
      redirect('list', 'contact-categories');
    },
  };
}

export function CategoryCreate() {
  return (
    <Create
      title="atrium.contacts.category_create_title"
      record={{ is_particular: false }}
      mutationOptions={useBackToList('ra.notification.created')}
    >
      <CategoryForm />
    </Create>
  );
}

export function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic" mutationOptions={useBackToList('ra.notification.updated')}>
      <CategoryForm />
    </Edit>
  );
}
