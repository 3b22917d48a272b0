import { CardContent, Stack, Typography } from '@mui/material';
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
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { validatorsFor } from '../../../api/validators';
import { ResponsiveTable } from '../common/ResponsiveTable';
import { AddButton } from '../contacts/AddButton';
import { FormToolbar } from '../contacts/FormToolbar';

const v = validatorsFor('ContactCategoryRequest');

function CategoryForm() {
  const record = useRecordContext<{ contacts_count?: number }>();
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
      <BooleanInput source="is_particular" label="atrium.contacts.category_fields.is_particular" helperText="atrium.contacts.category_fields.is_particular_help" />
    </SimpleForm>
  );
}

/** No categories yet: what they are for, and the first one to create. */
function Empty() {
  const translate = useTranslate();
  return (
    <CardContent>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography color="text.secondary">{translate('atrium.contacts.categories_empty')}</Typography>
        <AddButton label="atrium.contacts.add_category" />
      </Stack>
    </CardContent>
  );
}

type CategoryRow = { id: number; name: string; is_particular: boolean; contacts_count: number };

function CategoryList() {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'name', order: 'ASC' }} perPage={50} exporter={false} empty={false}>
      <ResponsiveTable<CategoryRow>
        empty={<Empty />}
        table={
          <DataTable rowClick="edit" bulkActionButtons={false} empty={<Empty />}>
            <DataTable.Col source="name" label="atrium.contacts.category_fields.name" />
            <DataTable.Col source="is_particular" label="atrium.contacts.category_fields.is_particular">
              <BooleanField source="is_particular" />
            </DataTable.Col>
            <DataTable.Col source="contacts_count" label="atrium.contacts.category_fields.contacts_count">
              <NumberField source="contacts_count" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.name}
        secondary={(r) => (r.is_particular ? translate('atrium.contacts.category_fields.is_particular') : undefined)}
        tertiary={(r) => `${translate('atrium.contacts.category_fields.contacts_count')}: ${r.contacts_count}`}
      />
    </List>
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

function CategoryCreate() {
  return (
    <Create title="atrium.contacts.category_create_title" record={{ is_particular: false }} mutationOptions={useBackToList('ra.notification.created')}>
      <CategoryForm />
    </Create>
  );
}

function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic" mutationOptions={useBackToList('ra.notification.updated')}>
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
