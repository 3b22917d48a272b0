import { Typography } from '@mui/material';
import {
  ChipField,
  CreateButton,
  DataTable,
  DateField,
  EmailField,
  FilterButton,
  List,
  ReferenceArrayField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SingleFieldList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { CategoriesPanel } from './CategoriesPanel';
import { ContactBulkActions } from './ContactBulkActions';
import { ExportCsvButton } from './ExportCsvButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="status" source="status" reference="contact-statuses" alwaysOn>
    <SelectInput label="atrium.contacts.fields.status" optionText="name" />
  </ReferenceInput>,
  <ReferenceInput key="category" source="category" reference="contact-categories" perPage={500} alwaysOn>
    <SelectInput label="atrium.contacts.fields.category" optionText="name" />
  </ReferenceInput>,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {translate('atrium.contacts.empty')}
    </Typography>
  );
}

export function ContactList() {
  return (
    <List
      filters={filters}
      actions={<Actions />}
      aside={<CategoriesPanel />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable rowClick="edit" bulkActionButtons={<ContactBulkActions />} empty={<Empty />}>
        <DataTable.Col source="first_name" label="atrium.contacts.fields.first_name" />
        <DataTable.Col source="last_name" label="atrium.contacts.fields.last_name" />
        <DataTable.Col source="phone" label="atrium.contacts.fields.phone" />
        <DataTable.Col source="email" label="atrium.contacts.fields.email">
          <EmailField source="email" />
        </DataTable.Col>
        <DataTable.Col source="status" label="atrium.contacts.fields.status">
          <ReferenceField source="status" reference="contact-statuses" link={false} emptyText="—">
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="categories" label="atrium.contacts.fields.categories" disableSort>
          <ReferenceArrayField source="categories" reference="contact-categories">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
        <DataTable.Col source="city" label="atrium.contacts.fields.city" />
        <DataTable.Col source="created_at" label="atrium.contacts.fields.created_at">
          <DateField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
