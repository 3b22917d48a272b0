import { CardContent, Stack, Typography } from '@mui/material';
import { BooleanField, DataTable, NumberField, useTranslate } from 'react-admin';
import { List } from '../../../common/List';
import type { SchemaContactCategory } from '../../../../api/schema';
import { ResponsiveTable } from '../../../common/ResponsiveTable';
import { AddButton } from '../AddButton';

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

export function CategoryList() {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'name', order: 'ASC' }} perPage={50} exporter={false} empty={false}>
      <ResponsiveTable<SchemaContactCategory>
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
        tertiary={(r) => `${translate('atrium.contacts.category_fields.contacts_count')}: ${r.contacts_count ?? 0}`}
      />
    </List>
  );
}
