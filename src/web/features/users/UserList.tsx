import {
  BooleanField,
  DataTable,
  EmailField,
  SearchInput,
  SelectField,
  SelectInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../../common/List';
import { Stack, Typography } from '@mui/material';
import { InstantField } from '../../common/fields';
import { PhoneField } from '../../common/PhoneField';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { BULK_TABLE_FITS } from '../../common/tableFits';
import { fmtPhone } from '../../common/phone';
import { leadStatusChoices, roleChoices } from './choices';
import type { SchemaAdminUser } from '../../../api/schema';
import { USERS_LIST } from './reads';

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

/** The user's email and phone, one under the other. */
function ContactCell() {
  const user = useRecordContext<SchemaAdminUser>();
  if (!user) return null;
  return (
    <Stack spacing={0.25}>
      {user.email && <EmailField source="email" />}
      {user.phone && <PhoneField source="phone" />}
    </Stack>
  );
}

export function UserList() {
  const translate = useTranslate();
  return (
    <List filters={filters} {...USERS_LIST} empty={<Empty />} sx={BULK_TABLE_FITS}>
      <ResponsiveTable<SchemaAdminUser>
        primary={(r) => `${r.first_name} ${r.last_name}`.trim()}
        secondary={(r) => r.email ?? fmtPhone(r.phone)}
        tertiary={(r) => translate(`atrium.users.roles.${r.role}`)}
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="id" label="atrium.users.fields.id" />
            {/* One name column and email with phone under it: the list fits a 1366 px laptop in every
                language, its actions and pagination on screen (#40 finding 14). Sorted by last name. */}
            <DataTable.Col
              source="last_name"
              label="atrium.users.fields.name"
              render={(r: SchemaAdminUser) => `${r.first_name} ${r.last_name}`.trim()}
            />
            <DataTable.Col source="email" label="atrium.users.fields.contact" sx={{ overflowWrap: 'anywhere' }}>
              <ContactCell />
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
