import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberField,
  SimpleForm,
  TextInput,
  maxLength,
  required,
  useNotify,
  useRedirect,
} from 'react-admin';

function CategoryForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="atrium.contacts.category_fields.name" validate={[required(), maxLength(100)]} />
      <BooleanInput source="is_particular" label="atrium.contacts.category_fields.is_particular" helperText="atrium.contacts.category_fields.is_particular_help" />
    </SimpleForm>
  );
}

function CategoryList() {
  return (
    <List sort={{ field: 'name', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" label="atrium.contacts.category_fields.name" />
        <DataTable.Col source="is_particular" label="atrium.contacts.category_fields.is_particular">
          <BooleanField source="is_particular" />
        </DataTable.Col>
        <DataTable.Col source="contacts_count" label="atrium.contacts.category_fields.contacts_count">
          <NumberField source="contacts_count" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function useBackToList() {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      redirect('list', 'contact-categories');
    },
  };
}

function CategoryCreate() {
  return (
    <Create record={{ is_particular: false }} mutationOptions={useBackToList()}>
      <CategoryForm />
    </Create>
  );
}

function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic" mutationOptions={useBackToList()}>
      <CategoryForm />
    </Edit>
  );
}

export default {
  list: CategoryList,
  edit: CategoryEdit,
  create: CategoryCreate,
  recordRepresentation: 'name',
};
