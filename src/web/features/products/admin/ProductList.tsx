import { BooleanField, DataTable, FunctionField, NullableBooleanInput, SearchInput, useTranslate } from 'react-admin';
import { List } from '../../../common/List';
import type { SchemaProductAdmin } from '../../../../api/schema';
import { Box } from '@mui/material';
import { MoneyField } from '../../../common/fields';
import { ProductPhoto } from '../ProductPhoto';
import { ResponsiveTable } from '../../../common/ResponsiveTable';

const L = (f: string) => `atrium.products.admin.fields.${f}`;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="is_published" source="is_published" label={L('is_published')} />,
];

/** The stock as the list shows it: a number, or "made to order". */
function Stock() {
  const translate = useTranslate();
  return (
    <FunctionField<SchemaProductAdmin>
      render={(r) => (r.made_to_order ? translate('atrium.products.made_to_order') : String(r.stock))}
    />
  );
}

export function ProductList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <ResponsiveTable<SchemaProductAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="photos" label={L('photo')} disableSort>
              <FunctionField<SchemaProductAdmin>
                render={(r) => (
                  <Box sx={{ width: 40 }}>
                    <ProductPhoto src={r.photos[0]} alt="" />
                  </Box>
                )}
              />
            </DataTable.Col>
            <DataTable.Col source="name" label={L('name')} />
            <DataTable.Col source="price" label={L('price')}>
              <MoneyField source="price" />
            </DataTable.Col>
            <DataTable.Col source="stock" label={L('stock')}>
              <Stock />
            </DataTable.Col>
            <DataTable.Col source="is_published" label={L('is_published')}>
              <BooleanField source="is_published" />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.name}
        secondary={() => <Stock />}
        tertiary={() => <MoneyField source="price" />}
      />
    </List>
  );
}
