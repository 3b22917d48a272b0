import {
  BooleanField,
  DataTable,
  EmailField,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { Typography } from '@mui/material';
import { InstantField } from '../../common/fields';
import { PhoneField } from '../../common/PhoneField';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { fmtPhone } from '../../common/phone';
import { leadStatusChoices, roleChoices } from './choices';
import type { SchemaAdminUser } from '../../../api/schema';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" label="atrium.users.fields.role" choices={roleChoices} />,
  <SelectInput
    key="lead_status"
    source="lead_status"
    label="atrium.users.fields.lead_status"
    choices={leadStatusChoices}
  />,
];

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {translate('atrium.users.empty')}
    </Typography>
  );
}

export function UserList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25} empty={<Empty />}>
      <ResponsiveTable<SchemaAdminUser>
        primary={(r) => `${r.first_name} ${r.last_name}`.trim()}
        secondary={(r) => r.email ?? fmtPhone(r.phone)}
        tertiary={(r) => translate(`atrium.users.roles.${r.role}`)}
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="id" label="atrium.users.fields.id" />
            <DataTable.Col source="last_name" label="atrium.users.fields.last_name" />
            <DataTable.Col source="first_name" label="atrium.users.fields.first_name" disableSort />
            <DataTable.Col source="email" label="atrium.users.fields.email">
              <EmailField source="email" />
            </DataTable.Col>
            <DataTable.Col source="phone" label="atrium.users.fields.phone" disableSort>
              <PhoneField source="phone" />
            </DataTable.Col>
            <DataTable.Col source="role" label="atrium.users.fields.role">
              <SelectField source="role" choices={roleChoices} />
            </DataTable.Col>
            <DataTable.Col source="is_active" label="atrium.users.fields.is_active" disableSort>
              <BooleanField source="is_active" />
            </DataTable.Col>
            <DataTable.Col source="date_joined" label="atrium.users.fields.date_joined">
              <InstantField source="date_joined" />
            </DataTable.Col>
          </DataTable>
        }
      />
    </List>
  );
}
