import { BooleanField, DataTable, NullableBooleanInput, SearchInput } from 'react-admin';
import { List } from '../../../common/List';
import { ResponsiveTable } from '../../../common/ResponsiveTable';
import { ConfigKey, ConfigKeyField } from './ConfigKeyField';
import { ConfigValueField } from './ConfigValueField';
import type { SchemaConfigAdmin } from '../../../../api/schema';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="is_public" source="is_public" label="atrium.admin.configs.fields.is_public" />,
];

export function ConfigList() {
  return (
    <List filters={filters} sort={{ field: 'key', order: 'ASC' }} perPage={50}>
      <ResponsiveTable<SchemaConfigAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="key" label="atrium.admin.configs.fields.key">
              <ConfigKeyField />
            </DataTable.Col>
            <DataTable.Col label="atrium.admin.configs.fields.value" disableSort>
              <ConfigValueField />
            </DataTable.Col>
            <DataTable.Col source="is_public" label="atrium.admin.configs.fields.is_public">
              <BooleanField source="is_public" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => <ConfigKey config={r} help={false} />}
        secondary={() => <ConfigValueField />}
      />
    </List>
  );
}
